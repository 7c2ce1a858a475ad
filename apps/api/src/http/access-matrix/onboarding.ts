import { everyone, type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** Regular users with the onboarding permissions; freelancers and contacts are refused (issue 20). */
const onboardingStaff = { ...staff, freelancer: 'deny' } as const;

/** Each client's onboarding, the agency's set-up of it, and the client's public page (issue 20). */
export const ONBOARDING_ROUTES: MatrixRows = {
  'GET /api/onboardings': { expect: onboardingStaff },
  'GET /api/onboardings/board': { expect: onboardingStaff },
  'GET /api/onboardings/:uuid': { expect: onboardingStaff, url: `/api/onboardings/${NONE}` },
  'POST /api/customers/:uuid/onboarding': {
    expect: onboardingStaff,
    url: `/api/customers/${NONE}/onboarding`,
    payload: {},
  },
  'PUT /api/onboardings/:uuid/items/:item_uuid': {
    expect: onboardingStaff,
    url: `/api/onboardings/${NONE}/items/${NONE}`,
    payload: { status: 'done' },
  },
  'POST /api/onboardings/:uuid/items/:item_uuid/reveal': {
    expect: onboardingStaff,
    url: `/api/onboardings/${NONE}/items/${NONE}/reveal`,
  },
  'PUT /api/onboardings/:uuid/steps/:key': {
    expect: onboardingStaff,
    url: `/api/onboardings/${NONE}/steps/welcome`,
    payload: { done: true },
  },
  'GET /api/onboarding/process': { expect: onboardingStaff },
  'PUT /api/onboarding/process': { expect: onboardingStaff, payload: {} },
  'GET /api/onboarding/requirements': { expect: onboardingStaff },
  'POST /api/onboarding/requirements': { expect: onboardingStaff, payload: {} },
  'PUT /api/onboarding/requirements/:uuid': {
    expect: onboardingStaff,
    url: `/api/onboarding/requirements/${NONE}`,
    payload: {},
  },
  'DELETE /api/onboarding/requirements/:uuid': {
    expect: onboardingStaff,
    url: `/api/onboarding/requirements/${NONE}`,
  },
  'GET /api/onboarding/welcome': { expect: onboardingStaff },
  'PUT /api/onboarding/welcome': { expect: onboardingStaff, payload: {} },
  'GET /api/onboarding/information': { expect: onboardingStaff },
  'PUT /api/onboarding/information': { expect: onboardingStaff, payload: {} },
  // The token is the credential: anyone may call, an unknown token answers 404.
  'GET /api/public/onboarding/:token': { expect: everyone, url: '/api/public/onboarding/not-a-real-token' },
  'PUT /api/public/onboarding/:token/items/:item_uuid': {
    expect: everyone,
    url: `/api/public/onboarding/not-a-real-token/items/${NONE}`,
    payload: { value: 'x' },
  },
  'POST /api/public/onboarding/:token/uploads': {
    expect: everyone,
    url: '/api/public/onboarding/not-a-real-token/uploads',
    payload: {},
  },
};
