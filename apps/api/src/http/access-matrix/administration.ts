import { type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** Regular staff with the charge permissions; freelancers and contacts are refused (issue 21). */
const chargeStaff = { ...staff, freelancer: 'deny' } as const;

/** Billing and invoice settings and hourly rates (issue 21, /administration). */
export const ADMINISTRATION_ROUTES: MatrixRows = {
  'GET /api/administration': { expect: chargeStaff },
  'PUT /api/administration': { expect: chargeStaff, payload: {} },
  'GET /api/administration/plan-rates': { expect: chargeStaff },
  'PUT /api/administration/plan-rates/:project_uuid': {
    expect: chargeStaff,
    url: `/api/administration/plan-rates/${NONE}`,
    payload: { hourly_rates: {} },
  },
};
