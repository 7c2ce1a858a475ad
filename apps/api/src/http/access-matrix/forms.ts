import { everyone, type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** Staff with the form permissions; freelancers and contacts are refused (issue 20). */
const formStaff = { ...staff, freelancer: 'deny' } as const;

/** Forms, blueprints, share links, answers, and the share link's public page (issue 20). */
export const FORM_ROUTES: MatrixRows = {
  'GET /api/forms': { expect: formStaff },
  'POST /api/forms': { expect: formStaff, payload: {} },
  'GET /api/forms/:uuid': { expect: formStaff, url: `/api/forms/${NONE}` },
  'PUT /api/forms/:uuid': { expect: formStaff, url: `/api/forms/${NONE}`, payload: {} },
  'DELETE /api/forms/:uuid': { expect: formStaff, url: `/api/forms/${NONE}` },
  'POST /api/forms/:uuid/publish': { expect: formStaff, url: `/api/forms/${NONE}/publish` },
  'GET /api/form-blueprints': { expect: formStaff },
  'POST /api/forms/:uuid/share-links': { expect: formStaff, url: `/api/forms/${NONE}/share-links`, payload: {} },
  'DELETE /api/share-links/:token': { expect: formStaff, url: '/api/share-links/not-a-real-token' },
  'GET /api/answers': { expect: formStaff },
  'GET /api/answers/export-all': { expect: formStaff },
  'GET /api/answers/:uuid': { expect: formStaff, url: `/api/answers/${NONE}` },
  'POST /api/answers': { expect: formStaff, payload: {} },
  'POST /api/answers/:uuid/convert': { expect: formStaff, url: `/api/answers/${NONE}/convert`, payload: {} },
  // The token is the credential: anyone may call, an unknown token answers 404.
  'GET /api/public/forms/:token': { expect: everyone, url: '/api/public/forms/not-a-real-token' },
  'PUT /api/public/forms/:token/draft': {
    expect: everyone,
    url: '/api/public/forms/not-a-real-token/draft',
    payload: {},
  },
  'POST /api/public/forms/:token/answers': {
    expect: everyone,
    url: '/api/public/forms/not-a-real-token/answers',
    payload: {},
  },
  'POST /api/public/forms/:token/uploads': {
    expect: everyone,
    url: '/api/public/forms/not-a-real-token/uploads',
    payload: {},
  },
};
