import { anyUser, everyone, type MatrixRows, staff } from './expectations';

/** Sign-in, configuration, logs, contacts, invites, roles, groups, users and clients. */
export const ACCOUNT_ROUTES: MatrixRows = {
  'GET /api/health': { expect: everyone },
  // Issue 24: what a load balancer routes on, public like health; metrics carry their own bearer (METRICS_TOKEN),
  // and without it configured (as here) the route answers 404 to everyone.
  'GET /api/ready': { expect: everyone },
  'GET /api/metrics': { expect: everyone },
  'GET /api/config': { expect: everyone },
  'POST /api/login': { expect: everyone, payload: { email: 'nobody@agency.test', password: 'whatever-1' } },
  'POST /api/register': { expect: everyone, payload: {} },
  'POST /api/forgot-password': { expect: everyone, payload: { email: 'nobody@agency.test' } },
  'POST /api/reset-password': { expect: everyone, payload: {} },
  'POST /api/verify-email': { expect: everyone, payload: { token: 'not-a-real-token' } },
  'POST /api/sign-in-link': { expect: everyone, payload: { token: 'not-a-real-token' } },
  'POST /api/login/second-factor': { expect: everyone, payload: { challenge: 'not-a-real-one', code: '123456' } },
  // Single sign-on (issue 23): browser navigations before any session, so public (and rate-limited per address).
  'GET /api/sso/start': { expect: everyone },
  'GET /api/sso/callback': { expect: everyone, url: '/api/sso/callback?state=not-a-real-state&code=x' },
  'POST /api/sso/exchange': { expect: everyone, payload: { token: 'not-a-real-token' } },
  // Two-factor sign-in (issue 23): one's own factor, every account; the roles that require it and a person's
  // reset are for role managers and people managers.
  'GET /api/mfa': { expect: anyUser },
  'POST /api/mfa/totp': { expect: anyUser },
  'POST /api/mfa/totp/confirm': { expect: anyUser, payload: { code: '123456' } },
  'DELETE /api/mfa/totp': { expect: anyUser, payload: { code: '123456' } },
  'POST /api/mfa/recovery-codes': { expect: anyUser, payload: { code: '123456' } },
  // Passkeys (issue 23): one's own, every account; the sign-in steps are public like login.
  'GET /api/passkeys': { expect: anyUser },
  'POST /api/passkeys/registration-options': { expect: anyUser },
  'POST /api/passkeys/registration-verify': { expect: anyUser, payload: {} },
  'PUT /api/passkeys/:uuid': {
    expect: anyUser,
    url: '/api/passkeys/00000000-0000-4000-8000-000000000000',
    payload: { name: 'Laptop' },
  },
  'DELETE /api/passkeys/:uuid': {
    expect: anyUser,
    url: '/api/passkeys/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'PUT /api/mfa/passkey-sign-in': { expect: anyUser, payload: {} },
  'POST /api/login/second-factor/passkey-options': { expect: everyone, payload: { challenge: 'not-a-real-one' } },
  'POST /api/login/passkey/options': { expect: everyone },
  'POST /api/login/passkey': { expect: everyone, payload: {} },
  'GET /api/mfa/required-roles': { expect: { ...staff, manager: 'deny', freelancer: 'deny' } },
  'PUT /api/mfa/required-roles': { expect: { ...staff, manager: 'deny', freelancer: 'deny' }, payload: {} },
  'DELETE /api/users/:uuid/mfa': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/users/00000000-0000-4000-8000-000000000000/mfa',
  },
  // Sessions (issue 23): one's own devices, every account; ending a person's sessions is for people managers.
  'GET /api/sessions': { expect: anyUser },
  'DELETE /api/sessions': { expect: anyUser },
  'DELETE /api/sessions/:uuid': { expect: anyUser, url: '/api/sessions/00000000-0000-4000-8000-000000000000' },
  'DELETE /api/users/:uuid/sessions': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
  },
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
  // The spec's name for PUT contacts/{uuid} (doc 2 §7): the same route definition and command.
  'PUT /api/people/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/people/00000000-0000-4000-8000-000000000000',
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
  // Personal API tokens (issue 23): one's own; creating needs API_TOKENS_CREATE (Admin and Manager by default).
  // Refused to API tokens themselves: api-tokens.test.ts checks every session-only route with a token.
  'GET /api/api-tokens': { expect: staff },
  'POST /api/api-tokens': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'DELETE /api/api-tokens/:uuid': { expect: staff, url: '/api/api-tokens/00000000-0000-4000-8000-000000000000' },
  // Webhooks (issue 23): an admin setting (WEBHOOKS_MANAGE: Admin, not Manager), never with an API token
  // (webhooks.test.ts and api-tokens.test.ts's session-only sweep). Unknown uuids answer 404 to the admin.
  'GET /api/webhooks': { expect: { ...staff, manager: 'deny', freelancer: 'deny' } },
  'POST /api/webhooks': { expect: { ...staff, manager: 'deny', freelancer: 'deny' }, payload: {} },
  'GET /api/webhooks/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhooks/00000000-0000-4000-8000-000000000000',
  },
  'PUT /api/webhooks/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhooks/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/webhooks/:uuid': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhooks/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/webhooks/:uuid/rotate-secret': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhooks/00000000-0000-4000-8000-000000000000/rotate-secret',
  },
  'GET /api/webhooks/:uuid/deliveries': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhooks/00000000-0000-4000-8000-000000000000/deliveries',
  },
  'POST /api/webhook-deliveries/:uuid/redeliver': {
    expect: { ...staff, manager: 'deny', freelancer: 'deny' },
    url: '/api/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver',
  },
};
