import { CONTENT_MESSAGES, PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contactCustomers, contacts } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: Awaited<ReturnType<typeof getTestApp>>['mailbox'];
let events: DomainEvent[];
let admin: BuiltUser;
let writer: BuiltUser;

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Olivia Owner' });
  writer = await buildUser(db, { permissions: PERMISSIONS, name: 'Wendy Writer' });
  events = [];
  app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => close());

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** A plan whose client has one contact with an e-mail address (who receives approval links). */
async function clientPlan() {
  const customer = await buildCustomer(db);
  const email = `client-${customer.id}@client.test`;
  const [contact] = await db.insert(contacts).values({ name: 'Cleo Client', email, type: 'contact' }).returning();
  await db.insert(contactCustomers).values({ contactId: contact?.id as number, customerId: customer.id });
  const plan = await buildPlan(db, { customerId: customer.id });
  return { plan, email, customer };
}

async function item(projectUuid: string, fields: object = {}) {
  const res = await call(admin.token, 'POST', '/api/content-items', {
    project_uuid: projectUuid,
    platform: 'instagram',
    caption: 'Fresh drop this Friday',
    assignee_uuid: writer.uuid,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; status: string };
}

async function send(projectUuid: string, uuids: string[]) {
  const res = await call(admin.token, 'POST', '/api/content-approvals', {
    project_uuid: projectUuid,
    content_item_uuids: uuids,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { uuid: string; url: string };
  return { ...data, token: data.url.split('/approve/')[1] as string };
}

describe('platform caption limits', () => {
  it('accepts a caption at the platform limit and refuses one character more, naming the platform', async () => {
    const { plan } = await clientPlan();
    await item(plan.uuid, { platform: 'x', caption: 'a'.repeat(280) });
    const res = await call(admin.token, 'POST', '/api/content-items', {
      project_uuid: plan.uuid,
      platform: 'x',
      caption: 'a'.repeat(281),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.caption).toEqual(['A X caption may be at most 280 characters']);
  });

  it('checks a PUT that changes only the platform against the stored caption', async () => {
    const { plan } = await clientPlan();
    const long = await item(plan.uuid, { platform: 'linkedin', caption: 'b'.repeat(2500) });
    const res = await call(admin.token, 'PUT', `/api/content-items/${long.uuid}`, { platform: 'instagram' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.caption[0]).toContain('2,200');
  });

  it('counts an emoji as one character, as the platforms do', async () => {
    const { plan } = await clientPlan();
    await item(plan.uuid, { platform: 'x', caption: '🎉'.repeat(280) });
  });
});

describe('status moves', () => {
  it('allows draft → in review → approved → scheduled → published and refuses moving a published item', async () => {
    const { plan } = await clientPlan();
    const created = await item(plan.uuid, { scheduled_at: '2030-01-02T15:00:00Z' });
    for (const status of ['in_review', 'approved', 'scheduled', 'published']) {
      const res = await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const back = await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status: 'draft' });
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe(CONTENT_MESSAGES.publishedIsFinal);
  });

  it('refuses skipping review (draft → approved) and scheduling without a time', async () => {
    const { plan } = await clientPlan();
    const created = await item(plan.uuid);
    const skip = await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status: 'approved' });
    expect(skip.json().message).toBe('A content item cannot move from Draft to Approved');
    await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status: 'in_review' });
    await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status: 'approved' });
    const schedule = await call(admin.token, 'PUT', `/api/content-items/${created.uuid}`, { status: 'scheduled' });
    expect(schedule.json().message).toBe(CONTENT_MESSAGES.scheduleNeedsTime);
  });

  it('bulk-changes the allowed items and reports each refusal with its message', async () => {
    const { plan } = await clientPlan();
    const draft = await item(plan.uuid);
    const review = await item(plan.uuid);
    await call(admin.token, 'PUT', `/api/content-items/${review.uuid}`, { status: 'in_review' });
    const hidden = '00000000-0000-4000-8000-000000000000';
    const res = await call(admin.token, 'POST', '/api/content-items/bulk-operations', {
      uuids: [draft.uuid, review.uuid, hidden],
      status: 'approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      updated: 1,
      failed: [
        { uuid: draft.uuid, message: 'A content item cannot move from Draft to Approved' },
        { uuid: hidden, message: expect.any(String) },
      ],
    });
    const after = await call(admin.token, 'GET', `/api/content-items?filters[project_uuid]=${plan.uuid}`);
    const statuses = Object.fromEntries(
      (after.json().data as { uuid: string; status: string }[]).map((i) => [i.uuid, i.status]),
    );
    expect(statuses).toEqual({ [draft.uuid]: 'draft', [review.uuid]: 'approved' });
  });
});

describe('freelancers', () => {
  it('see content items of their plans only', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['POSTS_READ'] });
    const { plan: theirs } = await clientPlan();
    await db.execute(sql`insert into project_users (project_id, user_id) values (${theirs.id}, ${freelancer.id})`);
    const { plan: other } = await clientPlan();
    const mine = await item(theirs.uuid);
    const notMine = await item(other.uuid);
    const list = await call(freelancer.token, 'GET', '/api/content-items?page[size]=500');
    const uuids = (list.json().data as { uuid: string }[]).map((i) => i.uuid);
    expect(uuids).toContain(mine.uuid);
    expect(uuids).not.toContain(notMine.uuid);
    expect((await call(freelancer.token, 'GET', `/api/content-items/${notMine.uuid}`)).statusCode).toBe(404);
  });
});

describe('approval links', () => {
  it('mails the client contacts the link (redacted in the e-mail log) and moves drafts to review', async () => {
    const { plan, email } = await clientPlan();
    const a = await item(plan.uuid);
    const link = await send(plan.uuid, [a.uuid]);
    expect(mailbox.lastTo(email)?.text).toContain(link.url);
    const logged = await db.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where to_address = ${email} order by id desc limit 1`,
    );
    expect(logged.rows[0]?.text_body).not.toContain(link.token);
    expect((await call(admin.token, 'GET', `/api/content-items/${a.uuid}`)).json().data.status).toBe('in_review');
  });

  it('lets the client approve one item and request changes on another, live and with the assignee told', async () => {
    const { plan } = await clientPlan();
    const a = await item(plan.uuid);
    const b = await item(plan.uuid, { platform: 'linkedin' });
    const link = await send(plan.uuid, [a.uuid, b.uuid]);
    const page = await call(null, 'GET', `/api/public/approvals/${link.token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().data.items as { uuid: string }[]).map((i) => i.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    events.length = 0;
    const approve = await call(null, 'PUT', `/api/public/approvals/${link.token}`, {
      item_uuid: a.uuid,
      decision: 'approve',
    });
    expect(approve.json().data).toMatchObject({ status: 'approved', decision: 'approve', decidable: false });
    const noComment = await call(null, 'PUT', `/api/public/approvals/${link.token}`, {
      item_uuid: b.uuid,
      decision: 'request_changes',
    });
    expect(noComment.json().errors.comment).toEqual([CONTENT_MESSAGES.requestChangesNeedsComment]);
    const changes = await call(null, 'PUT', `/api/public/approvals/${link.token}`, {
      item_uuid: b.uuid,
      decision: 'request_changes',
      comment: 'Use the blue photo',
    });
    expect(changes.json().data).toMatchObject({ status: 'changes_requested', comment: 'Use the blue photo' });
    expect(events.filter((e) => e.model === 'content_item' && e.action === 'client_decision')).toEqual([
      expect.objectContaining({
        id: a.uuid,
        projectId: plan.id,
        payload: expect.objectContaining({ status: 'approved' }),
      }),
      expect.objectContaining({ id: b.uuid, payload: expect.objectContaining({ status: 'changes_requested' }) }),
    ]);
    const bell = await db.execute<{ data: { resource_id: string; content: string | null } }>(
      sql`select data from notifications where user_id = ${writer.id} and type = 'content_client_decision'
        and data->>'resource_id' in (${a.uuid}, ${b.uuid}) order by number`,
    );
    expect(bell.rows.map((r) => r.data.resource_id)).toEqual([a.uuid, b.uuid]);
    expect(bell.rows[1]?.data.content).toBe('Use the blue photo');
  });

  it('never lets one batch token reach another batch items', async () => {
    const { plan } = await clientPlan();
    const { plan: otherPlan } = await clientPlan();
    const mine = await item(plan.uuid);
    const sibling = await item(plan.uuid);
    const foreign = await item(otherPlan.uuid);
    const link = await send(plan.uuid, [mine.uuid]);
    await send(plan.uuid, [sibling.uuid]);
    await send(otherPlan.uuid, [foreign.uuid]);
    const page = await call(null, 'GET', `/api/public/approvals/${link.token}`);
    expect((page.json().data.items as { uuid: string }[]).map((i) => i.uuid)).toEqual([mine.uuid]);
    for (const target of [sibling.uuid, foreign.uuid]) {
      const res = await call(null, 'PUT', `/api/public/approvals/${link.token}`, {
        item_uuid: target,
        decision: 'approve',
      });
      expect(res.statusCode).toBe(422);
      expect((await call(admin.token, 'GET', `/api/content-items/${target}`)).json().data.status).toBe('in_review');
    }
  });

  it('answers 410 once a link has expired, and 404 for an unknown token', async () => {
    const { plan } = await clientPlan();
    const a = await item(plan.uuid);
    const link = await send(plan.uuid, [a.uuid]);
    await db.execute(
      sql`update content_approvals set expires_at = now() - interval '1 minute' where uuid = ${link.uuid}`,
    );
    const expired = await call(null, 'GET', `/api/public/approvals/${link.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(CONTENT_MESSAGES.approvalLinkExpired);
    const decide = await call(null, 'PUT', `/api/public/approvals/${link.token}`, {
      item_uuid: a.uuid,
      decision: 'approve',
    });
    expect(decide.statusCode).toBe(410);
    expect((await call(null, 'GET', '/api/public/approvals/not-a-real-token')).statusCode).toBe(404);
  });

  it('stops working once revoked, and the plan lists the link as revoked', async () => {
    const { plan } = await clientPlan();
    const a = await item(plan.uuid);
    const link = await send(plan.uuid, [a.uuid]);
    expect((await call(admin.token, 'DELETE', `/api/content-approvals/${link.uuid}`)).statusCode).toBe(200);
    const res = await call(null, 'GET', `/api/public/approvals/${link.token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(CONTENT_MESSAGES.approvalLinkRevoked);
    const list = await call(admin.token, 'GET', `/api/content-approvals?project_uuid=${plan.uuid}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({ uuid: link.uuid, items_count: 1, revoked_at: expect.any(String) }),
    ]);
  });
});

describe('the calendar', () => {
  it('shows scheduled items as kind content to those who see their plan', async () => {
    const { plan } = await clientPlan();
    const scheduled = await item(plan.uuid, {
      platform: 'x',
      caption: 'Calendar post',
      scheduled_at: '2031-03-10T15:00:00Z',
    });
    const url = `/api/calendar/events?start=2031-03-01&end=2031-04-01&kinds=content&project_uuid=${plan.uuid}`;
    const res = await call(admin.token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: `content:${scheduled.uuid}`,
        kind: 'content',
        title: 'X: Calendar post',
        start: '2031-03-10T15:00:00.000Z',
        open: { type: 'content', uuid: plan.uuid },
        movable: false,
      }),
    ]);
    const outsider = await buildUser(db, { type: 'freelancer', permissions: ['POSTS_READ', 'TASKS_READ'] });
    expect((await call(outsider.token, 'GET', url)).json().data).toEqual([]);
  });
});
