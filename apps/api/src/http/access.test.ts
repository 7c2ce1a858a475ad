import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';
import { SessionService } from '../modules/auth/session.service';
import { registerAccessControl } from './access';

type Actor = 'anonymous' | 'admin' | 'manager' | 'freelancer' | 'contact';
type Expectation = Record<Actor, 'allow' | 'deny'>;

const everyone: Expectation = {
  anonymous: 'allow',
  admin: 'allow',
  manager: 'allow',
  freelancer: 'allow',
  contact: 'allow',
};
const anyUser: Expectation = { ...everyone, anonymous: 'deny' };
const staff: Expectation = { ...anyUser, contact: 'deny' };

/**
 * Who may call what, route by route. Every route of the app must be listed: a new route without a row here fails
 * the test, so its access is decided in review, not by accident.
 */
const MATRIX: Record<string, { expect: Expectation; url?: string; payload?: object }> = {
  'GET /api/health': { expect: everyone },
  'GET /api/config': { expect: everyone },
  'POST /api/login': { expect: everyone, payload: { email: 'nobody@agency.test', password: 'whatever-1' } },
  'POST /api/register': { expect: everyone, payload: {} },
  'POST /api/forgot-password': { expect: everyone, payload: { email: 'nobody@agency.test' } },
  'POST /api/reset-password': { expect: everyone, payload: {} },
  'POST /api/verify-email': { expect: everyone, payload: { token: 'not-a-real-token' } },
  'GET /api/user': { expect: anyUser },
  'POST /api/logout': { expect: anyUser },
  'GET /api/global-search': { expect: staff, url: '/api/global-search?search_term=a' },
  'GET /api/dashboard': { expect: staff },
  // E-mail log and audit trail (issue 13): regular users with EMAIL_LOG_READ / LOGS_READ.
  'GET /api/email-logs': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/email-logs/templates': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/email-logs/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/email-logs/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/email-logs/:uuid/resend': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/email-logs/00000000-0000-4000-8000-000000000000/resend',
  },
  'GET /api/activity-logs': { expect: { ...staff, freelancer: 'deny' } },
  // Writing assistant (issue 13): staff; the test app has no AI configured, so allowed callers get 422/503.
  'POST /api/ai/enhance': { expect: staff, payload: {} },
  // Contacts, invites, roles, groups, users (issue 3). Unknown uuids answer 404 to those let through.
  'GET /api/contacts': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/contacts/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/contacts/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/contacts': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/contacts/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/contacts/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/contacts/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/contacts/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/customer-invite': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/customer-invite': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'POST /api/customer-invite/:uuid/resend': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/customer-invite/00000000-0000-4000-8000-000000000000/resend',
  },
  'PUT /api/customer-invite/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/customer-invite/00000000-0000-4000-8000-000000000000',
    payload: { status: 'cancelled' },
  },
  'GET /api/customer-invite/preview': { expect: everyone, url: '/api/customer-invite/preview?token=made-up' },
  'POST /api/customer-invite/accept': { expect: anyUser, payload: { token: 'made-up' } },
  'GET /api/roles': { expect: { ...staff, manager: 'deny', freelancer: 'deny' } },
  'GET /api/roles/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/roles/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/roles': { expect: { ...staff, manager: 'deny', freelancer: 'deny' }, payload: {} },
  'PUT /api/roles/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/roles/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/roles/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/roles/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/permissions': { expect: { ...staff, manager: 'deny', freelancer: 'deny' } },
  'GET /api/groups': { expect: { ...staff, manager: 'deny', freelancer: 'deny' } },
  'GET /api/groups/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/groups/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/groups': { expect: { ...staff, manager: 'deny', freelancer: 'deny' }, payload: {} },
  'PUT /api/groups/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/groups/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/groups/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/groups/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/users': { expect: { ...staff, freelancer: 'deny' } },
  // The user popover (issue 13): any staff member or freelancer; the card's details depend on the caller.
  'GET /api/users/:uuid/card': { expect: staff, url: '/api/users/00000000-0000-4000-8000-000000000000/card' },
  // Clients, plans, plan types, project users, product types (issue 3): staff only, except the people pickers.
  'GET /api/customers': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/customers/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/customers/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/customers': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/customers/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/customers/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/customers/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/customers/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/plans': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/lite': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/projects': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  // Credits and budget (issue 10): PROJECTS_READ to read (the plan's visibility), PROJECTS_UPDATE to write.
  'GET /api/projects/:uuid/credits': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/credits',
  },
  'POST /api/projects/:uuid/credits': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/credits',
    payload: {},
  },
  'GET /api/projects/:uuid/budget': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/budget',
  },
  'PUT /api/projects/:uuid/budget': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/budget',
    payload: {},
  },
  // Reports (issue 10): time reports with TIMELOG_READ (a freelancer gets their own figures, someone else named is
  // 403); the project time report is regular users' with PROJECTS_READ.
  'GET /api/projects/time-log/general-report': { expect: staff },
  'GET /api/reports/time-logs': { expect: staff },
  'GET /api/reports/project-time': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/reports/user-performance': { expect: staff },
  'GET /api/reports/user-performance/:userUuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/reports/user-performance/00000000-0000-4000-8000-000000000000',
  },
  'PUT /api/projects/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'GET /api/projects/:uuid/users': { expect: staff, url: '/api/projects/00000000-0000-4000-8000-000000000000/users' },
  'GET /api/project-users': { expect: staff },
  'GET /api/product-types': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/product-types': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/product-types/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/product-types/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/product-types/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/product-types/00000000-0000-4000-8000-000000000000',
  },
  // Tasks (issue 4): staff and freelancers with the task permissions; only TASKS_DESTROY holders delete.
  'GET /api/tasks': { expect: staff },
  'GET /api/tasks/:uuid': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000' },
  'POST /api/tasks': { expect: staff, payload: {} },
  'PUT /api/tasks/:uuid': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000', payload: {} },
  'DELETE /api/tasks/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/tasks/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/tasks/:uuid/description-delta': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/description-delta',
  },
  'PUT /api/tasks/:uuid/description-delta': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/description-delta',
    payload: { description_delta: null },
  },
  'GET /api/tasks/:uuid/logs': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000/logs' },
  'GET /api/project-tasks': { expect: staff },
  'PUT /api/project-tasks/:uuid': {
    expect: staff,
    url: '/api/project-tasks/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'GET /api/tags': { expect: staff },
  'GET /api/projects/personal': { expect: staff },
  // Time logs and timers (issue 4): freelancers log and read their own time but never edit or delete it.
  'GET /api/time-log': { expect: staff },
  'GET /api/time-log/weekly-summary': { expect: staff },
  'POST /api/time-log': { expect: staff, payload: {} },
  'PUT /api/time-log/:uuid': {
    // Freelancers reach the route to run their own timer; editing a completed log is refused inside (403, tested).
    expect: staff,
    url: '/api/time-log/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/time-log/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/time-log/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/tasks/:uuid/time-logs': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/time-logs',
  },
  'GET /api/project-tasks/:taskUuid/time-logs/:userUuid': {
    expect: staff,
    url: '/api/project-tasks/00000000-0000-4000-8000-000000000000/time-logs/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/requests/:uuid/time-logs': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/time-logs',
  },
  // Relating tasks from the request side (issue 5): regular users only, freelancers never relate.
  'POST /api/requests/:uuid/tasks': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000/tasks',
    payload: {},
  },
  'DELETE /api/requests/:uuid/tasks/:taskUuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000/tasks/00000000-0000-4000-8000-000000000000',
  },
  // Notifications, mentions count and push tokens (doc 1 §7): every staff member acts on their own rows only.
  'GET /api/notifications': { expect: staff },
  'GET /api/notifications/count': { expect: staff },
  'POST /api/notifications/read-all': { expect: staff },
  'POST /api/notifications/:id/read': {
    expect: staff,
    url: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
  },
  'POST /api/notifications/:id/unread': {
    expect: staff,
    url: '/api/notifications/00000000-0000-4000-8000-000000000000/unread',
  },
  'DELETE /api/notifications/:id': { expect: staff, url: '/api/notifications/00000000-0000-4000-8000-000000000000' },
  // Uploads (issue 8). The signed content routes are open by declaration: the HMAC signature is their authorisation
  // (without one they answer 422). Stable file paths check the session in the handler (bearer or file cookie).
  'POST /api/create-pre-signed-url': { expect: staff, payload: {} },
  'PUT /api/uploads/:uuid/content': {
    expect: everyone,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/content',
  },
  'GET /api/uploads/:uuid/content': {
    expect: everyone,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/content',
  },
  'GET /api/uploads/:uuid': { expect: anyUser, url: '/api/uploads/00000000-0000-4000-8000-000000000000' },
  'GET /api/uploads/:uuid/thumbnail': {
    expect: anyUser,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/thumbnail',
  },
  'GET /api/uploads/:uuid/info': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000/info' },
  'GET /api/uploads/:uuid/download': {
    expect: staff,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/download',
  },
  'DELETE /api/uploads/:uuid': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000' },
  'POST /api/tasks/mass-download': { expect: staff, payload: {} },
  'POST /api/requests/mass-download': { expect: staff, payload: {} },
  'POST /api/uploads/mass-download': { expect: staff, payload: {} },
  'POST /api/uploads/:uuid/copy': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000/copy' },
  'GET /api/mentions/count': { expect: staff },
  // The route is open to any signed-in account; the channel rule then refuses contacts (live/channels.ts).
  'POST /api/broadcasting/auth': {
    expect: staff,
    payload: { socket_id: '1.2', channel_name: 'private-model.changes' },
  },
  'POST /api/mentions/:id/read': { expect: staff, url: '/api/mentions/00000000-0000-4000-8000-000000000000/read' },
  // Comments, mentions and templates (issue 12). Reading and writing follow the commentable (unknown uuids 404);
  // authorship, plan-only types and freelancers on requests are decided in the handlers.
  'GET /api/tasks/:uuid/comments': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000/comments' },
  'POST /api/tasks/:uuid/comments': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/requests/:uuid/comments': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/comments',
  },
  'POST /api/requests/:uuid/comments': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/projects/:uuid/comments': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/comments',
  },
  'POST /api/projects/:uuid/comments': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'POST /api/projects/comments/:uuid/comments': {
    expect: staff,
    url: '/api/projects/comments/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/comments/:uuid': { expect: staff, url: '/api/comments/00000000-0000-4000-8000-000000000000' },
  'PUT /api/comments/:uuid': {
    expect: staff,
    url: '/api/comments/00000000-0000-4000-8000-000000000000',
    payload: { text: 'hi' },
  },
  'DELETE /api/comments/:uuid': { expect: staff, url: '/api/comments/00000000-0000-4000-8000-000000000000' },
  'POST /api/comments/:uuid/reaction': {
    expect: staff,
    url: '/api/comments/00000000-0000-4000-8000-000000000000/reaction',
    payload: { reaction: 'thumbs_up' },
  },
  'DELETE /api/reaction/:uuid': { expect: staff, url: '/api/reaction/00000000-0000-4000-8000-000000000000' },
  'GET /api/projects/:uuid/mentionables': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/mentionables',
  },
  'GET /api/mentions/mentionables': { expect: staff },
  'GET /api/mentions': { expect: staff },
  'GET /api/comment-templates': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/comment-templates': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/push-token': { expect: staff, payload: {} },
  'PUT /api/push-token/:token': { expect: staff, url: '/api/push-token/unknown', payload: {} },
  'DELETE /api/push-token/:token': { expect: staff, url: '/api/push-token/unknown' },
  // Requests (doc 2 §7): freelancers read them; creating, discarding and editing are staff work.
  'GET /api/requests': { expect: staff },
  'GET /api/requests/:uuid': { expect: staff, url: '/api/requests/00000000-0000-4000-8000-000000000000' },
  'POST /api/requests': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/requests/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/requests/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/request/:uuid/logs': { expect: staff, url: '/api/request/00000000-0000-4000-8000-000000000000/logs' },
  'GET /api/request-types': { expect: staff },
  'GET /api/request-types/:id': { expect: staff, url: '/api/request-types/999999' },
  'POST /api/request-types': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/request-types/:id': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/request-types/999999',
    payload: {},
  },
  'DELETE /api/request-types/:id': { expect: { ...staff, freelancer: 'deny' }, url: '/api/request-types/999999' },
  // Data-table toolkit (issue 10): bulk operations and export-all, with the access of their single-row and list calls.
  'POST /api/tasks/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/tasks/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/tasks/export-all': { expect: staff },
  'POST /api/requests/bulk-operations/update': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'POST /api/requests/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/requests/export-all': { expect: staff },
  'POST /api/time-log/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/time-log/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/time-log/export-all': { expect: staff },
  'POST /api/customers/bulk-operations/update': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'POST /api/customers/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/customers/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/contacts/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/contacts/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/contacts/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/users/bulk-operations/export': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/docs': { expect: everyone },
  'GET /api/docs/json': { expect: everyone },
  'GET /api/docs/yaml': { expect: everyone },
  'GET /api/docs/static/*': { expect: everyone, url: '/api/docs/static/swagger-ui.css' },
  'GET /api/docs/static/index.html': { expect: everyone },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone },
  'GET /*': { expect: everyone, url: '/somewhere' },
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
  });
});
