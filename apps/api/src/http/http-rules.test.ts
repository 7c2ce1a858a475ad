import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, TEST_PASSWORD } from '../../test/factories';
import { getTestApp } from '../../test/test-app';

describe('X-App-Version', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(() => t.close());

  it('refuses a client built for another version with invalid_api_version', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: { 'x-app-version': '0.0.1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_api_version', code: 'invalid_api_version' });
  });

  it('accepts the server version and calls without the header', async () => {
    const version = t.app.ctx.config.version;
    expect((await t.app.inject({ url: '/api/config', headers: { 'x-app-version': version } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 and other paths with the web app', async () => {
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MESSAGES.resourceNotFound);
    const post = await t.app.inject({ method: 'POST', url: '/api/nope' });
    expect(post.statusCode).toBe(404);
  });

  it('publishes an OpenAPI document that describes the calls', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user', '/api/logout']));
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('maintenance mode', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp({ env: { MAINTENANCE: 'true', MAINTENANCE_BYPASS_EMAILS: 'ops@agency.test' } });
  });
  afterAll(() => t.close());

  it('answers 503 with the spec message to signed-in users and to sign-in', async () => {
    const user = await buildUser(t.db);
    const res = await t.app.inject({ url: '/api/user', headers: bearer(user.token) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.maintenance);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    const register = await t.app.inject({ method: 'POST', url: '/api/register', payload: {} });
    expect(register.statusCode).toBe(503);
  });

  it('lets the bypass accounts work as usual', async () => {
    const ops = await buildUser(t.db, { email: 'ops@agency.test' });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(ops.token) })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ops@agency.test', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps health and the public configuration available, reporting maintenance', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json().maintenance).toBe(true);
  });
});
