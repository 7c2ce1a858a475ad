import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';
import { SessionService } from '../modules/auth/session.service';
import { registerAccessControl } from './access';

import { ACCOUNT_ROUTES } from './access-matrix/accounts';
import { ADMINISTRATION_ROUTES } from './access-matrix/administration';
import { ADVERTISING_ROUTES } from './access-matrix/advertising';
import { BILLING_ROUTES } from './access-matrix/billing';
import { CALENDAR_ROUTES } from './access-matrix/calendar';
import { CONTENT_ROUTES } from './access-matrix/content';
import { CONVERSATION_AND_TABLE_ROUTES } from './access-matrix/conversation-and-tables';
import type { Actor, MatrixRows } from './access-matrix/expectations';
import { FORM_ROUTES } from './access-matrix/forms';
import { INTEGRATION_ROUTES } from './access-matrix/integrations';
import { ONBOARDING_ROUTES } from './access-matrix/onboarding';
import { DISCOUNT_ROUTES, ORDER_ROUTES } from './access-matrix/orders';
import { POST_ROUTES } from './access-matrix/posts';
import { WORK_ROUTES } from './access-matrix/work';

/**
 * Who may call what, route by route (access-matrix/, by area). Every route of the app must be listed: a new route
 * without a row there fails the test, so its access is decided in review, not by accident.
 */
const MATRIX: MatrixRows = {
  ...ACCOUNT_ROUTES,
  ...WORK_ROUTES,
  ...CONVERSATION_AND_TABLE_ROUTES,
  ...FORM_ROUTES,
  ...ORDER_ROUTES,
  ...CONTENT_ROUTES,
  ...POST_ROUTES,
  ...DISCOUNT_ROUTES,
  ...INTEGRATION_ROUTES,
  ...ADMINISTRATION_ROUTES,
  ...ONBOARDING_ROUTES,
  ...BILLING_ROUTES,
  ...CALENDAR_ROUTES,
  ...ADVERTISING_ROUTES,
};

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
});
afterAll(() => close());

describe('route access declarations', () => {
  it('matches the reviewed route → access map', async () => {
    const map = Object.fromEntries([...app.accessMap.entries()].sort(([a], [b]) => a.localeCompare(b)));
    await expect(`${JSON.stringify(map, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/access-map.json');
  });

  it('refuses to start when a route declares no access', async () => {
    const bare = Fastify();
    registerAccessControl(bare, {
      resolvePrincipal: async () => null,
      maintenance: false,
      maintenanceBypassEmails: [],
    });
    const start = async () => {
      await bare.register(async (plugin) => {
        plugin.get('/api/forgotten', async () => 'open');
      });
      await bare.ready();
    };
    await expect(start()).rejects.toThrow('GET /api/forgotten does not declare config.access');
  });

  it('lists every route in the allowed/denied matrix', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...app.accessMap.keys()].sort());
  });

  // Every route times every actor, each through a real request: minutes on a loaded two-core machine.
  it('allows and denies each actor exactly as the matrix says', async () => {
    const actors = await buildActors(db);
    const sessions = new SessionService(db, { auth: app.ctx.config.auth, superUserEmails: [] });
    const failures: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const actor of Object.keys(row.expect) as Actor[]) {
        // A fresh token per call: the logout row must not sign the next rows out.
        const headers = actor === 'anonymous' ? {} : bearer(await sessions.issue(actors[actor].id));
        const res = await app.inject({
          method: method as 'GET',
          url: row.url ?? path,
          headers,
          ...(row.payload ? { payload: row.payload } : {}),
        });
        const denied = res.statusCode === 401 || res.statusCode === 403;
        const expected = row.expect[actor];
        if (expected === 'deny' && res.statusCode !== (actor === 'anonymous' ? 401 : 403)) {
          failures.push(`${route} as ${actor}: expected denial, got ${res.statusCode}`);
        }
        if (expected === 'allow' && (denied || res.statusCode >= 500)) {
          failures.push(`${route} as ${actor}: expected access, got ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
