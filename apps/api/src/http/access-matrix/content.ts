import { everyone, type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** The post family (issue 22): the demo Freelancer role holds none of it, so freelancers are refused here. */
const postStaff = { ...staff, freelancer: 'deny' } as const;

/** Content plans and their approval links (issue 22, /content), and the client's public approval page. */
export const CONTENT_ROUTES: MatrixRows = {
  'GET /api/content-items': { expect: postStaff },
  'GET /api/content-items/export-all': { expect: postStaff },
  'GET /api/content-plans': { expect: postStaff },
  'POST /api/content-items': { expect: postStaff, payload: {} },
  'POST /api/content-items/bulk-operations': { expect: postStaff, payload: {} },
  'GET /api/content-items/:uuid': { expect: postStaff, url: `/api/content-items/${NONE}` },
  'PUT /api/content-items/:uuid': { expect: postStaff, url: `/api/content-items/${NONE}`, payload: {} },
  'DELETE /api/content-items/:uuid': { expect: postStaff, url: `/api/content-items/${NONE}` },
  // Comments on an item (the comments module): gated by the comment family like the other commentables; the item's
  // own rule (POSTS_READ, the freelancer's plans) answers 404 in the handler, so freelancers pass the gate.
  'GET /api/content-items/:uuid/comments': { expect: staff, url: `/api/content-items/${NONE}/comments` },
  'POST /api/content-items/:uuid/comments': {
    expect: staff,
    url: `/api/content-items/${NONE}/comments`,
    payload: { text: 'hi' },
  },
  'POST /api/content-approvals': { expect: postStaff, payload: {} },
  'GET /api/content-approvals': { expect: postStaff, url: `/api/content-approvals?project_uuid=${NONE}` },
  'DELETE /api/content-approvals/:uuid': { expect: postStaff, url: `/api/content-approvals/${NONE}` },
  // The token is the credential: anyone may call, an unknown token answers 404.
  'GET /api/public/approvals/:token': { expect: everyone, url: '/api/public/approvals/not-a-real-token' },
  'PUT /api/public/approvals/:token': {
    expect: everyone,
    url: '/api/public/approvals/not-a-real-token',
    payload: {},
  },
};
