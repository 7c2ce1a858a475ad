import { type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/**
 * The product family gates the advertising desk (issue 22). Freelancers may be given PRODUCTS_READ for their
 * plans' campaigns; the demo freelancer role has none, so here they are refused like contacts.
 */
const adStaff = { ...staff, freelancer: 'deny' } as const;

/** Ad campaigns, their import, mappings, Meta connection and the ad-analytics read (issue 22). */
export const ADVERTISING_ROUTES: MatrixRows = {
  'GET /api/campaigns': { expect: adStaff },
  'POST /api/campaigns': { expect: adStaff, payload: {} },
  'POST /api/campaigns/import': { expect: adStaff, payload: {} },
  'POST /api/campaigns/meta-sync': { expect: adStaff, payload: {} },
  'GET /api/campaigns/:uuid': { expect: adStaff, url: `/api/campaigns/${NONE}` },
  'PUT /api/campaigns/:uuid': { expect: adStaff, url: `/api/campaigns/${NONE}`, payload: {} },
  'DELETE /api/campaigns/:uuid': { expect: adStaff, url: `/api/campaigns/${NONE}` },
  'GET /api/ad-import-mappings/:customer_uuid': { expect: adStaff, url: `/api/ad-import-mappings/${NONE}` },
  'PUT /api/ad-import-mappings/:customer_uuid': {
    expect: adStaff,
    url: `/api/ad-import-mappings/${NONE}`,
    payload: {},
  },
  'PUT /api/ad-meta-connections/:customer_uuid': {
    expect: adStaff,
    url: `/api/ad-meta-connections/${NONE}`,
    payload: {},
  },
  'GET /api/ad-meta-connections': { expect: adStaff },
  'DELETE /api/ad-meta-connections/:customer_uuid': { expect: adStaff, url: `/api/ad-meta-connections/${NONE}` },
  'POST /api/ad-meta-connections/:customer_uuid/sync': {
    expect: adStaff,
    url: `/api/ad-meta-connections/${NONE}/sync`,
  },
  'GET /api/ad-analytics': { expect: adStaff },
  'GET /api/ad-analytics/export': { expect: adStaff },
};
