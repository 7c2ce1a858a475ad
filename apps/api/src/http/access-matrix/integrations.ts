import { type MatrixRows, staff } from './expectations';

/** Environment-configured services: INTEGRATIONS_READ / _UPDATE, regular staff only (issue 21). */
const integrationStaff = { ...staff, freelancer: 'deny' } as const;

/** Integrations (issue 21): the services' states and tests, and each person's own Google Calendar. */
export const INTEGRATION_ROUTES: MatrixRows = {
  'GET /api/integrations': { expect: integrationStaff },
  'POST /api/integrations/:kind/test': { expect: integrationStaff, url: '/api/integrations/redis/test' },
  'GET /api/google': { expect: staff },
  'PUT /api/google': { expect: staff, payload: {} },
  'DELETE /api/google': { expect: staff },
  'GET /api/google/calendars': { expect: staff },
  'POST /api/google/oauth/start': { expect: staff },
  'POST /api/google/oauth/callback': { expect: staff, payload: {} },
};
