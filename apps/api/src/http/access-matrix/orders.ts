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

/** Discount codes (issue 22): regular staff with the product permissions; freelancers and contacts are refused. */
export const DISCOUNT_ROUTES: MatrixRows = {
  'GET /api/discounts': { expect: chargeStaff },
  'POST /api/discounts': { expect: chargeStaff, payload: {} },
  'POST /api/discounts/validate': { expect: chargeStaff, payload: {} },
  'GET /api/discounts/:uuid': { expect: chargeStaff, url: `/api/discounts/${NONE}` },
  'GET /api/discounts/:uuid/redemptions': { expect: chargeStaff, url: `/api/discounts/${NONE}/redemptions` },
  'PUT /api/discounts/:uuid': { expect: chargeStaff, url: `/api/discounts/${NONE}`, payload: {} },
  'DELETE /api/discounts/:uuid': { expect: chargeStaff, url: `/api/discounts/${NONE}` },
};
