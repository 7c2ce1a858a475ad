import { createHash } from 'node:crypto';
import { GOOGLE_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors, buildPlan } from '../../../test/factories';
import { type FakeGoogle, fakeGoogleEnv, startFakeGoogle } from '../../../test/google-fake';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { googleAccounts, googleEvents, googleOauthStates } from '../../db/schema';
import type { SecretBox } from '../../secret-box';
import { runGoogleSync } from './google-jobs';
import { disconnect } from './google-oauth';
import { eventIdFor } from './google-sync';

/**
 * Google Calendar against a local HTTP server speaking Google's protocols (test/google-fake.ts: the authorize page,
 * the token and revoke endpoints, Calendar v3), started in this test; nothing calls the real Google. The real
 * google-auth-library and @googleapis/calendar talk HTTP to it. Jobs are run by calling the job's function, as
 * pg-boss would.
 */
let google: FakeGoogle;
let t: Awaited<ReturnType<typeof getTestApp>>;
let app: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;
let planUuid = '';
/** Every answer body of this file, searched for tokens at the end. */
const answers: string[] = [];

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await getTestApp({ env: fakeGoogleEnv(google) });
  app = t.app;
  ({ admin, manager } = await buildActors(t.db));
  planUuid = (await buildPlan(t.db, { projectManagerId: admin.id })).uuid;
});

afterAll(async () => {
  await t.close();
  await google.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: BuiltUser, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  answers.push(res.body);
  return res;
}

/** Starts an authorization and follows the fake's consent page back: the code and state the page would post. */
async function authorize(who: BuiltUser) {
  const start = await call('POST', '/api/google/oauth/start', who);
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL(start.json().data.url as string);
  const back = await fetch(url, { redirect: 'manual' });
  const location = new URL(back.headers.get('location') ?? '');
  return {
    authorizeUrl: url,
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

async function connect(who: BuiltUser) {
  const { code, state } = await authorize(who);
  const res = await call('POST', '/api/google/oauth/callback', who, { code, state });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createTask(title: string, endDate: string | null, responsible: BuiltUser = admin) {
  const res = await call('POST', '/api/tasks', admin, {
    title,
    project_id: planUuid,
    responsibles: [responsible.uuid],
    end_date: endDate,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.uuid as string;
}

const liveEvents = (calendarId = google.email) =>
  [...(google.calendars.get(calendarId)?.values() ?? [])].filter((e) => e.status !== 'cancelled');

describe('Google OAuth', () => {
  it('refuses a forged state before anything reaches the token endpoint', async () => {
    const { code } = await authorize(admin);
    const before = google.tokenRequests.length;
    const res = await call('POST', '/api/google/oauth/callback', admin, { code, state: 'forged-state-value' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(GOOGLE_MESSAGES.badState);
    expect(google.tokenRequests.length).toBe(before);
  });

  it("refuses a state that another person's session started", async () => {
    const { code, state } = await authorize(manager);
    const res = await call('POST', '/api/google/oauth/callback', admin, { code, state });
    expect(res.statusCode).toBe(422);
  });

  it('sends the PKCE code verifier to the token endpoint, and a used state is refused the second time', async () => {
    const { authorizeUrl, code, state } = await authorize(admin);
    expect(authorizeUrl.searchParams.get('access_type')).toBe('offline');
    expect(authorizeUrl.searchParams.get('prompt')).toBe('consent');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const first = await call('POST', '/api/google/oauth/callback', admin, { code, state });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ connected: true, email: google.email, calendar_id: null });
    const exchange = google.tokenRequests.at(-1);
    expect(exchange?.grant_type).toBe('authorization_code');
    const verifier = exchange?.code_verifier ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorizeUrl.searchParams.get('code_challenge'),
    );
    const again = await call('POST', '/api/google/oauth/callback', admin, { code, state });
    expect(again.statusCode).toBe(422);
    const stateHash = createHash('sha256').update(state).digest('hex');
    expect(await t.db.select().from(googleOauthStates).where(eq(googleOauthStates.stateHash, stateHash))).toEqual([]);
  });

  it('refuses an expired state', async () => {
    const { code, state } = await authorize(manager);
    await t.db.update(googleOauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await call('POST', '/api/google/oauth/callback', manager, { code, state });
    expect(res.statusCode).toBe(422);
  });

  it('stores the tokens sealed, never as they are', async () => {
    const [account] = await t.db.select().from(googleAccounts).where(eq(googleAccounts.userId, admin.id));
    const stored = JSON.stringify(account);
    for (const issued of google.issued) {
      expect(stored).not.toContain(issued);
    }
    expect(account?.refreshTokenSealed.startsWith('v1.')).toBe(true);
  });
});

describe('Google Calendar sync', () => {
  it('lists the calendars and refuses one that is not in the account', async () => {
    const list = await call('GET', '/api/google/calendars', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual([google.email, 'Agency deadlines']);
    const res = await call('PUT', '/api/google', admin, {
      calendar_id: 'someone-else@gmail.test',
      event_shape: 'due_date',
      task_scope: 'responsible',
    });
    expect(res.statusCode).toBe(422);
  });

  let dueTask = '';
  it("pushes the person's tasks with a due date as all-day events once a calendar is chosen", async () => {
    dueTask = await createTask('Launch newsletter', '2030-03-05');
    await createTask('No date yet', null);
    await createTask("Manager's own task", '2030-03-06', manager);
    const res = await call('PUT', '/api/google', admin, {
      calendar_id: google.email,
      event_shape: 'due_date',
      task_scope: 'responsible',
    });
    expect(res.statusCode, res.body).toBe(200);
    await runGoogleSync(t.app.ctx, { userId: admin.id });
    const events = liveEvents();
    expect(events.map((e) => e.summary)).toEqual(['Launch newsletter']);
    expect(events[0]).toMatchObject({
      id: eventIdFor(admin.id, dueTask),
      start: { date: '2030-03-05' },
      end: { date: '2030-03-06' },
    });
    const state = (await call('GET', '/api/google', admin)).json().data;
    expect(state.last_sync_at).not.toBeNull();
    expect(state.calendar_name).toBe(google.email);
  });

  it('updates the same event when the task changes, and a start date makes a span in span mode', async () => {
    await call('PUT', '/api/google', admin, {
      calendar_id: google.email,
      event_shape: 'span',
      task_scope: 'responsible',
    });
    const res = await call('PUT', `/api/tasks/${dueTask}`, admin, {
      title: 'Launch spring newsletter',
      start_date: '2030-03-02',
    });
    expect(res.statusCode, res.body).toBe(200);
    await runGoogleSync(t.app.ctx, { taskUuid: dueTask });
    const events = liveEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ summary: 'Launch spring newsletter', start: { date: '2030-03-02' } });
  });

  it('does not duplicate an event when a retried job finds Google already created it', async () => {
    // A try that Google answered but that failed before storing the event id: the row is missing.
    await t.db.delete(googleEvents).where(eq(googleEvents.taskUuid, dueTask));
    await runGoogleSync(t.app.ctx, { taskUuid: dueTask });
    await runGoogleSync(t.app.ctx, { taskUuid: dueTask });
    expect(liveEvents()).toHaveLength(1);
    expect(await t.db.select().from(googleEvents).where(eq(googleEvents.taskUuid, dueTask))).toHaveLength(1);
  });

  it('records a failed try for the screen, and the retry succeeds without a duplicate', async () => {
    const other = await createTask('Quarterly review', '2030-04-01');
    google.failNext('POST', 503);
    const thrown = await runGoogleSync(t.app.ctx, { taskUuid: other }).catch((error: Error) => error);
    // What pg-boss records and logs of the failure: the status and Google's message, never a token.
    expect(String(thrown)).toMatch(/503/);
    for (const issued of google.issued) {
      expect(String(thrown)).not.toContain(issued);
    }
    const failed = (await call('GET', '/api/google', admin)).json().data;
    expect(failed.last_error).toMatch(/503/);
    await runGoogleSync(t.app.ctx, { taskUuid: other });
    expect(liveEvents().filter((e) => e.summary === 'Quarterly review')).toHaveLength(1);
    expect((await call('GET', '/api/google', admin)).json().data.last_error).toBeNull();
  });

  it('refreshes an expired access token with the refresh token and keeps a rotated one', async () => {
    google.expireAccessTokens();
    google.rotateOnRefresh = true;
    await t.db
      .update(googleAccounts)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(googleAccounts.userId, admin.id));
    const refreshesBefore = google.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    await call('PUT', `/api/tasks/${dueTask}`, admin, { title: 'Launch summer newsletter' });
    await runGoogleSync(t.app.ctx, { taskUuid: dueTask });
    expect(liveEvents().find((e) => e.id === eventIdFor(admin.id, dueTask))?.summary).toBe('Launch summer newsletter');
    expect(google.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshesBefore + 1);
    const [account] = await t.db.select().from(googleAccounts).where(eq(googleAccounts.userId, admin.id));
    const box = t.app.ctx.secrets as SecretBox;
    expect(await box.open(account?.refreshTokenSealed ?? '')).toBe(
      google.issued.filter((issued) => issued.startsWith('1//refresh')).at(-1),
    );
    google.rotateOnRefresh = false;
  });

  it('deletes the event when the task is deleted', async () => {
    const res = await call('DELETE', `/api/tasks/${dueTask}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    await runGoogleSync(t.app.ctx, { taskUuid: dueTask });
    expect(liveEvents().find((e) => e.id === eventIdFor(admin.id, dueTask))).toBeUndefined();
    expect(await t.db.select().from(googleEvents).where(eq(googleEvents.taskUuid, dueTask))).toEqual([]);
  });
});

describe('Google disconnect', () => {
  it('revokes the refresh token at Google and forgets the tokens', async () => {
    const [account] = await t.db.select().from(googleAccounts).where(eq(googleAccounts.userId, admin.id));
    const refresh = await (t.app.ctx.secrets as SecretBox).open(account?.refreshTokenSealed ?? '');
    const res = await call('DELETE', '/api/google', admin);
    expect(res.statusCode).toBe(200);
    expect(google.revoked).toContain(refresh);
    expect(await t.db.select().from(googleAccounts).where(eq(googleAccounts.userId, admin.id))).toEqual([]);
    expect(await t.db.select().from(googleEvents).where(eq(googleEvents.userId, admin.id))).toEqual([]);
    expect((await call('GET', '/api/google', admin)).json().data).toMatchObject({ connected: false, email: null });
  });

  it('logs a refused revoke without the token', async () => {
    await connect(manager);
    const lines: string[] = [];
    const log = { warn: (obj: object, msg: string) => lines.push(JSON.stringify(obj) + msg) };
    // The token endpoint is down for this one: the revoke fails and is logged, the tokens are still forgotten.
    const closed = { ...t.app.ctx, config: { ...t.app.ctx.config } };
    closed.config.google = {
      ...(closed.config.google as NonNullable<typeof closed.config.google>),
      oauthBaseUrl: 'http://127.0.0.1:9',
    };
    await disconnect(closed, manager.id, log);
    expect(lines).toHaveLength(1);
    for (const issued of google.issued) {
      expect(lines[0]).not.toContain(issued);
    }
    expect(await t.db.select().from(googleAccounts).where(eq(googleAccounts.userId, manager.id))).toEqual([]);
  });

  it('never answers a token', () => {
    const all = answers.join('\n');
    for (const issued of google.issued) {
      expect(all).not.toContain(issued);
    }
  });
});

describe('Google not configured', () => {
  it('says why Connect is unavailable and refuses to start', async () => {
    const bare = await getTestApp();
    try {
      const { admin: someone } = await buildActors(bare.db);
      const state = await bare.app.inject({ method: 'GET', url: '/api/google', headers: bearer(someone.token) });
      expect(state.json().data).toMatchObject({ configured: false, reason: GOOGLE_MESSAGES.notConfigured });
      const start = await bare.app.inject({
        method: 'POST',
        url: '/api/google/oauth/start',
        headers: bearer(someone.token),
      });
      expect(start.statusCode).toBe(409);
      expect(start.json().message).toBe(GOOGLE_MESSAGES.notConfigured);
    } finally {
      await bare.close();
    }
  });
});
