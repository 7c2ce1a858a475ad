import { everyone, type MatrixRows, staff } from './expectations';

/**
 * The card payment provider (issue 21 part C): settings with INTEGRATIONS_*, the money lists with CHARGES_READ, the
 * request form's overdue check with REQUEST_CREATE: regular staff (the demo Manager holds all three); freelancers
 * and contacts are refused. Stripe's webhook is public (signed by Stripe; without a secret set it answers 400).
 */
const regularStaff = { ...staff, freelancer: 'deny' } as const;

export const BILLING_ROUTES: MatrixRows = {
  'GET /api/billing/stripe': { expect: regularStaff },
  'PUT /api/billing/stripe': { expect: regularStaff, payload: {} },
  'POST /api/billing/stripe/test': { expect: regularStaff },
  'POST /api/billing/stripe/sync': { expect: regularStaff },
  'GET /api/billing/client-standing': {
    expect: regularStaff,
    url: '/api/billing/client-standing?project_id=00000000-0000-4000-8000-000000000000',
  },
  'GET /api/overdue-invoices': { expect: regularStaff },
  'GET /api/failed-payments': { expect: regularStaff },
  'POST /api/webhooks/stripe': { expect: everyone, payload: {} },
};
