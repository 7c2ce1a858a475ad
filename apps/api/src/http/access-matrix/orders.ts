import { type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** Regular staff with the charge permissions; freelancers and contacts are refused (issue 20). */
const chargeStaff = { ...staff, freelancer: 'deny' } as const;

/** Client orders (issue 20, /onboarding/orders). */
export const ORDER_ROUTES: MatrixRows = {
  'GET /api/orders': { expect: chargeStaff },
  'POST /api/orders': { expect: chargeStaff, payload: {} },
  'GET /api/orders/:uuid': { expect: chargeStaff, url: `/api/orders/${NONE}` },
  'PUT /api/orders/:uuid': { expect: chargeStaff, url: `/api/orders/${NONE}`, payload: {} },
  'POST /api/orders/:uuid/place': { expect: chargeStaff, url: `/api/orders/${NONE}/place` },
};
