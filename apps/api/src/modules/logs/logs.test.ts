import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { activityLogs, mailOutbox } from '../../db/schema';
import { buildTask } from '../tasks/test-helpers';

/** The e-mail log (GET email-logs…, EMAIL_LOG_READ) and the audit trail (GET activity-logs, LOGS_READ). */

let app: Awaited<ReturnType<typeof getTestApp>>['app'];
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const get = (url: string, token = actors.admin.token) => app.inject({ url: `/api${url}`, headers: bearer(token) });

describe('e-mail log', () => {
  let failed: string;
  beforeAll(async () => {
    const rows = await db
      .insert(mailOutbox)
      .values([
        {
          toAddress: 'ann@client.test',
          subject: 'Reset your password',
          textBody: 'Reset link',
          transport: 'smtp',
          template: 'password_reset',
          sentAt: new Date('2026-03-02T10:00:00Z'),
          createdAt: new Date('2026-03-02T10:00:00Z'),
        },
        {
          toAddress: 'bob@client.test',
          subject: 'Acme invites you',
          textBody: 'Join us',
          htmlBody: '<p>Join <b>us</b></p><script>alert(1)</script>',
          transport: 'smtp',
          template: 'invite',
          error: 'connect ECONNREFUSED 127.0.0.1:25',
          createdAt: new Date('2026-03-03T10:00:00Z'),
        },
        {
          toAddress: 'cy@client.test',
          subject: 'New task for you',
          textBody: 'A task',
          transport: 'outbox',
          template: 'notification',
          createdAt: new Date('2026-03-04T10:00:00Z'),
        },
      ])
      .returning({ uuid: mailOutbox.uuid });
    failed = rows[1]?.uuid ?? '';
  });

  it('lists newest first with recipient, subject, template, status (queued, sent, failed with its error) and time', async () => {
    const res = await get('/email-logs');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((row: { to: string; status: string }) => [row.to, row.status])).toEqual([
      ['cy@client.test', 'queued'],
      ['bob@client.test', 'failed'],
      ['ann@client.test', 'sent'],
    ]);
    expect(res.json().data[1]).toMatchObject({ template: 'invite', error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(res.json().meta.total).toBe(3);
  });

  it('searches recipient and subject and filters by status, template and dates', async () => {
    const recipients = async (query: string) =>
      (await get(`/email-logs?${query}`)).json().data.map((row: { to: string }) => row.to);
    expect(await recipients('search_term=acme')).toEqual(['bob@client.test']);
    expect(await recipients('search_term=ANN@')).toEqual(['ann@client.test']);
    expect(await recipients('filters[status][]=failed&filters[status][]=queued')).toEqual([
      'cy@client.test',
      'bob@client.test',
    ]);
    expect(await recipients('filters[template]=password_reset')).toEqual(['ann@client.test']);
    expect(await recipients('filters[from]=2026-03-03&filters[to]=2026-03-03')).toEqual(['bob@client.test']);
    expect((await get('/email-logs?filters[status]=lost')).statusCode).toBe(422);
    expect((await get('/email-logs/templates')).json().data).toEqual(['invite', 'notification', 'password_reset']);
  });

  it('sorts by subject, template or recipient when asked, and refuses other columns', async () => {
    const recipients = async (query: string) =>
      (await get(`/email-logs?${query}`)).json().data.map((row: { to: string }) => row.to);
    expect(await recipients('sort[by]=subject')).toEqual(['bob@client.test', 'cy@client.test', 'ann@client.test']);
    expect(await recipients('sort[by]=template&sort[direction]=desc')).toEqual([
      'ann@client.test',
      'cy@client.test',
      'bob@client.test',
    ]);
    expect(await recipients('sort[by]=to&sort[direction]=desc')).toEqual([
      'cy@client.test',
      'bob@client.test',
      'ann@client.test',
    ]);
    expect((await get('/email-logs?sort[by]=text_body')).statusCode).toBe(422);
  });

  it('opens one message with its text and HTML as sent', async () => {
    const res = await get(`/email-logs/${failed}`);
    expect(res.json().data).toMatchObject({
      text: 'Join us',
      html: expect.stringContaining('<b>us</b>'),
      body_hidden: false,
      redacted: false,
    });
    expect((await get('/email-logs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('sends a failed message again as a new entry, and refuses to resend one that did not fail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${failed}/resend`,
      headers: bearer(actors.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data;
    expect(copy).toMatchObject({ to: 'bob@client.test', subject: 'Acme invites you', template: 'invite' });
    expect(copy.uuid).not.toBe(failed);
    // The test app has no SMTP server: the copy is recorded (queued), not delivered.
    expect(copy.status).toBe('queued');
    const again = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${copy.uuid}/resend`,
      headers: bearer(actors.admin.token),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Only a failed e-mail can be sent again');
  });

  it('is for holders of EMAIL_LOG_READ among regular users only', async () => {
    expect((await get('/email-logs', actors.manager.token)).statusCode).toBe(200);
    expect((await get('/email-logs', actors.freelancer.token)).statusCode).toBe(403);
    const noLogs = await buildUser(db, { permissions: ['LOGS_READ'] });
    expect((await get('/email-logs', noLogs.token)).statusCode).toBe(403);
    expect((await get(`/email-logs/${failed}`, noLogs.token)).statusCode).toBe(403);
  });
});

describe('who reads an e-mail body (issue 17)', () => {
  const mailTo = async (toAddress: string, extra: Partial<typeof mailOutbox.$inferInsert> = {}) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({ toAddress, subject: 'Your review', textBody: 'Private words', transport: 'smtp', ...extra })
      .returning({ uuid: mailOutbox.uuid });
    return row?.uuid ?? '';
  };

  it('hides the body of mail to other staff from a manager, and says so; the list row stays', async () => {
    const designer = await buildUser(db, { type: 'regular_user' });
    const freelancer = await buildUser(db, { type: 'freelancer' });
    for (const address of [designer.email, freelancer.email.toUpperCase(), 'super@agency.test']) {
      const uuid = await mailTo(address, { htmlBody: '<p>Private words</p>' });
      const res = await get(`/email-logs/${uuid}`, actors.manager.token);
      expect(res.statusCode, address).toBe(200);
      expect(res.json().data, address).toMatchObject({
        to: address,
        subject: 'Your review',
        body_hidden: true,
        text: null,
        html: null,
      });
      expect(res.body).not.toContain('Private words');
    }
    const list = await get(`/email-logs?search_term=${encodeURIComponent(designer.email)}`, actors.manager.token);
    expect(list.json().data[0]).toMatchObject({ to: designer.email, subject: 'Your review' });
  });

  it('shows it to super users, to its own recipient, and for mail to clients and unknown addresses', async () => {
    const designer = await buildUser(db, { type: 'regular_user', permissions: ['EMAIL_LOG_READ'] });
    const client = await buildUser(db, { type: 'contact' });
    const readable = async (uuid: string, token: string) => {
      const data = (await get(`/email-logs/${uuid}`, token)).json().data;
      return data.body_hidden === false && data.text === 'Private words';
    };
    const toDesigner = await mailTo(designer.email);
    expect(await readable(toDesigner, actors.admin.token)).toBe(true);
    expect(await readable(toDesigner, designer.token)).toBe(true);
    expect(await readable(await mailTo(client.email), actors.manager.token)).toBe(true);
    expect(await readable(await mailTo('someone@elsewhere.test'), actors.manager.token)).toBe(true);
  });

  it('refuses to resend a failed message whose one-time links were redacted, and hides a resent staff body', async () => {
    const redacted = await mailTo('client@client.test', {
      textBody: 'Reset: http://portal.test/reset?token=[redacted]',
      template: 'password_reset',
      redacted: true,
      error: 'connect ECONNREFUSED',
    });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${redacted}/resend`,
      headers: bearer(actors.admin.token),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'redacted', message: MESSAGES.emailRedactedNoResend });

    const staff = await buildUser(db, { type: 'regular_user' });
    const failedToStaff = await mailTo(staff.email, { error: 'connect ECONNREFUSED' });
    const resent = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${failedToStaff}/resend`,
      headers: bearer(actors.manager.token),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ to: staff.email, body_hidden: true, text: null });
  });
});

type Entry = {
  action: string;
  object_type: string;
  actor: { uuid: string; name: string } | null;
  actor_email: string | null;
  object: { uuid: string | null; label: string | null; link: string | null };
  fields: string[];
  ip: string | null;
};

async function trail(query = '', token = actors.admin.token): Promise<Entry[]> {
  const res = await get(`/activity-logs${query ? `?${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('activity log', () => {
  it('records sign-ins and failed sign-ins (the e-mail typed, no password) from domain events', async () => {
    const person = await buildUser(db, { name: 'Signing Person' });
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: person.email, password } });
    expect((await login('wrong password!')).statusCode).toBe(422);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await trail('filters[object_type]=session')).toHaveLength(2));
    const [success, failure] = await trail('filters[object_type]=session');
    expect(success).toMatchObject({ action: 'sign_in', actor: { uuid: person.uuid, name: 'Signing Person' } });
    expect(failure).toMatchObject({ action: 'sign_in_failed', actor: null, actor_email: person.email });
    expect(JSON.stringify(failure)).not.toContain('wrong password');
    expect(failure?.ip).toBeTruthy();
  });

  it('records client and role changes with who did them, the changed fields and a link to the object', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(actors.admin.token),
      payload: { business_name: 'Audited Bakery' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const client = created.json().data.uuid;
    const role = await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(actors.admin.token),
      payload: { name: 'Audited role', permissions: ['TASKS_READ'] },
    });
    const roleUuid = role.json().data.uuid;
    await app.inject({
      method: 'PUT',
      url: `/api/roles/${roleUuid}`,
      headers: bearer(actors.admin.token),
      payload: { permissions: ['TASKS_READ', 'TASKS_UPDATE'] },
    });
    await vi.waitFor(async () => expect(await trail('filters[object_type]=role')).toHaveLength(2));
    const [clientEntry] = await trail('filters[object_type]=client');
    expect(clientEntry).toMatchObject({
      action: 'create',
      actor: { uuid: actors.admin.uuid },
      object: { uuid: client, label: 'Audited Bakery', link: `/clients?client_uuid=${client}` },
    });
    const [update] = await trail('filters[object_type]=role&filters[action]=update');
    expect(update).toMatchObject({ fields: ['permissions'], object: { label: 'Audited role', link: '/roles' } });
  });

  it('shows task and request histories in the same trail, linked to the task drawer', async () => {
    const plan = await buildPlan(db);
    const task = await buildTask(db, { projectId: plan.id, title: 'Audited task' });
    await db.insert(activityLogs).values({
      subjectType: 'task',
      subjectId: task.id,
      authorId: actors.manager.id,
      action: 'update',
      changes: { status: { added: 'done', removed: 'todo' } },
    });
    const [entry] = await trail('filters[object_type]=task');
    expect(entry).toMatchObject({
      action: 'update',
      actor: { uuid: actors.manager.uuid },
      fields: ['status'],
      object: { uuid: task.uuid, label: 'Audited task', link: `/tasks?task_uuid=${task.uuid}` },
    });
  });

  it('filters by person (user or contact uuid), object types, action and dates', async () => {
    const byManager = await trail(`filters[person]=${actors.manager.uuid}`);
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((entry) => entry.actor?.uuid === actors.manager.uuid)).toBe(true);
    expect(await trail(`filters[person]=${actors.manager.contactUuid}`)).toEqual(byManager);
    const mixed = await trail('filters[object_type][]=task&filters[object_type][]=client');
    expect(new Set(mixed.map((entry) => entry.object_type))).toEqual(new Set(['task', 'client']));
    expect(await trail('filters[action]=delete')).toEqual([]);
    expect(await trail('filters[to]=2000-01-01')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`filters[from]=${today}&filters[to]=${today}`)).length).toBe((await trail()).length);
    expect((await get('/activity-logs?filters[object_type]=planet')).statusCode).toBe(422);
    expect((await get('/activity-logs?filters[from]=yesterday')).statusCode).toBe(422);
  });

  it('is for holders of LOGS_READ among regular users only', async () => {
    expect((await get('/activity-logs', actors.freelancer.token)).statusCode).toBe(403);
    expect((await get('/activity-logs', actors.contact.token)).statusCode).toBe(403);
    const mailOnly = await buildUser(db, { permissions: ['EMAIL_LOG_READ'] });
    expect((await get('/activity-logs', mailOnly.token)).statusCode).toBe(403);
    expect((await get('/activity-logs', actors.manager.token)).statusCode).toBe(200);
  });
});
