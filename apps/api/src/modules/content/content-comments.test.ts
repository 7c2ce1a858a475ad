import { PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contactCustomers, contacts } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { mention } from '../comments/test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let events: DomainEvent[];
let admin: BuiltUser;
let writer: BuiltUser;

/** What a freelancer working content needs: the post family's reading and the comments'. */
const FREELANCER_CONTENT = ['POSTS_READ', 'POSTS_UPDATE', 'COMMENTS_READ', 'COMMENTS_CREATE', 'TASKS_READ'] as const;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
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

async function clientPlan() {
  const customer = await buildCustomer(db, { businessName: 'Bloom Bakery' });
  const [contact] = await db
    .insert(contacts)
    .values({ name: 'Cleo Client', email: `client-${customer.id}@client.test`, type: 'contact' })
    .returning();
  await db.insert(contactCustomers).values({ contactId: contact?.id as number, customerId: customer.id });
  return buildPlan(db, { customerId: customer.id });
}

async function item(projectUuid: string) {
  const res = await call(admin.token, 'POST', '/api/content-items', {
    project_uuid: projectUuid,
    platform: 'instagram',
    caption: 'Fresh sourdough every Friday',
    assignee_uuid: writer.uuid,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string };
}

async function comment(token: string, itemUuid: string, body: object) {
  return call(token, 'POST', `/api/content-items/${itemUuid}/comments`, body);
}

describe('comments on content items', () => {
  it('lets the team comment on an item and reads the thread, announced live to the item plan', async () => {
    const plan = await clientPlan();
    const post = await item(plan.uuid);
    events.length = 0;
    const created = await comment(admin.token, post.uuid, { text: 'Crop the photo tighter' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      text: 'Crop the photo tighter',
      commentable_type: 'content_item',
      commentable_uuid: post.uuid,
      origin: 'app',
      author_name: null,
      creator: { uuid: admin.uuid },
    });
    const list = await call(writer.token, 'GET', `/api/content-items/${post.uuid}/comments`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((c: { text: string }) => c.text)).toEqual(['Crop the photo tighter']);
    expect(list.json().meta.abilities).toEqual({ can_comment: true, types: ['comment'] });
    expect(events).toContainEqual(
      expect.objectContaining({
        model: 'comment',
        action: 'created',
        projectId: plan.id,
        payload: expect.objectContaining({ commentable_type: 'content_item', commentable_uuid: post.uuid }),
      }),
    );
    // The assignee hears of a new thread on their item, with a link that opens it on /content.
    const told = await db.execute<{ data: { action_url: string } }>(
      sql`select data from notifications where user_id = ${writer.id} and type = 'comment_created'
        and data->>'resource_id' = ${created.json().data.uuid}`,
    );
    expect(told.rows[0]?.data.action_url).toBe(
      `/content?item=${post.uuid}&target_comment_id=${created.json().data.uuid}`,
    );
  });

  it('refuses plan-only comment types on an item (422) and private notes stay on plans', async () => {
    const post = await item((await clientPlan()).uuid);
    const res = await comment(admin.token, post.uuid, { text: 'Secret', type: 'private' });
    expect(res.statusCode).toBe(422);
  });

  it('notifies a mentioned teammate who reads content, fills their inbox, and skips one who may not read it', async () => {
    const post = await item((await clientPlan()).uuid);
    const reader = await buildUser(db, { permissions: ['COMMENTS_READ', 'POSTS_READ'], name: 'Rita Reader' });
    const noContent = await buildUser(db, { permissions: ['COMMENTS_READ', 'TASKS_READ'], name: 'Nick Nocontent' });
    const created = await comment(admin.token, post.uuid, {
      text_delta: {
        ops: [
          { insert: 'Thoughts, ' },
          mention(reader.uuid, 'Rita'),
          mention(noContent.uuid, 'Nick'),
          { insert: '\n' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.uuid as string;
    const inbox = await call(reader.token, 'GET', '/api/mentions?filter=unread');
    expect(inbox.json().data[0]).toMatchObject({
      action_url: `/content?item=${post.uuid}&target_comment_id=${uuid}`,
      comment: {
        uuid,
        commentable: {
          type: 'content_item',
          uuid: post.uuid,
          title: 'Instagram post: Fresh sourdough every Friday',
        },
      },
    });
    const skipped = await db.execute(
      sql`select 1 from notifications where user_id = ${noContent.id} and data->>'resource_id' = ${uuid}`,
    );
    expect(skipped.rows).toEqual([]);
    expect((await call(noContent.token, 'GET', `/api/content-items/${post.uuid}/comments`)).statusCode).toBe(404);
  });

  it("lets a freelancer comment on their plan's items only: another plan's item and its comments answer 404", async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: [...FREELANCER_CONTENT] });
    const theirs = await clientPlan();
    await db.execute(sql`insert into project_users (project_id, user_id) values (${theirs.id}, ${freelancer.id})`);
    const mine = await item(theirs.uuid);
    const other = await item((await clientPlan()).uuid);
    const hidden = (await comment(admin.token, other.uuid, { text: 'Internal only' })).json().data.uuid as string;

    const own = await comment(freelancer.token, mine.uuid, { text: 'Draft caption attached' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await comment(freelancer.token, other.uuid, { text: 'Sneaking in' })).statusCode).toBe(404);
    expect((await call(freelancer.token, 'GET', `/api/content-items/${other.uuid}/comments`)).statusCode).toBe(404);
    expect((await call(freelancer.token, 'GET', `/api/comments/${hidden}`)).statusCode).toBe(404);
    expect(
      (await call(freelancer.token, 'POST', `/api/projects/comments/${hidden}/comments`, { text: 'Reply' })).statusCode,
    ).toBe(404);
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from comments where text in ('Sneaking in', 'Reply')`,
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it("puts the client's request for changes into the item's thread, written by the client via the link", async () => {
    const plan = await clientPlan();
    const post = await item(plan.uuid);
    const sent = await call(admin.token, 'POST', '/api/content-approvals', {
      project_uuid: plan.uuid,
      content_item_uuids: [post.uuid],
    });
    const token = (sent.json().data.url as string).split('/approve/')[1] as string;
    events.length = 0;
    const answer = await call(null, 'PUT', `/api/public/approvals/${token}`, {
      item_uuid: post.uuid,
      decision: 'request_changes',
      comment: 'Use the photo with the blue door',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const thread = (await call(writer.token, 'GET', `/api/content-items/${post.uuid}/comments`)).json().data;
    expect(thread).toEqual([
      expect.objectContaining({
        text: 'Use the photo with the blue door',
        origin: 'approval_link',
        author_name: 'Bloom Bakery',
        creator: null,
        abilities: { update: false, delete: false, delete_uploads: false },
      }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ model: 'comment', action: 'created', actorId: null, projectId: plan.id }),
    );
  });

  it('deletes the comments of a deleted item with it', async () => {
    const post = await item((await clientPlan()).uuid);
    const first = (await comment(admin.token, post.uuid, { text: 'Going away' })).json().data.uuid as string;
    await call(admin.token, 'POST', `/api/projects/comments/${first}/comments`, { text: 'Me too' });
    expect((await call(admin.token, 'DELETE', `/api/content-items/${post.uuid}`)).statusCode).toBe(200);
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from comments where commentable_type = 'content_item'
        and commentable_id not in (select id from content_items)`,
    );
    expect(left.rows[0]?.n).toBe(0);
    expect((await call(admin.token, 'GET', `/api/comments/${first}`)).statusCode).toBe(404);
  });
});

describe('the plan picker of /content', () => {
  it("lists a freelancer's own plans only, and every plan to staff", async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: [...FREELANCER_CONTENT] });
    const theirs = await clientPlan();
    await db.execute(sql`insert into project_users (project_id, user_id) values (${theirs.id}, ${freelancer.id})`);
    const other = await clientPlan();
    const mine = await call(freelancer.token, 'GET', '/api/content-plans');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([{ uuid: theirs.uuid, title: theirs.title }]);
    const all = (await call(admin.token, 'GET', '/api/content-plans')).json().data as { uuid: string }[];
    expect(all.map((p) => p.uuid)).toEqual(expect.arrayContaining([theirs.uuid, other.uuid]));
    const noPosts = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    expect((await call(noPosts.token, 'GET', '/api/content-plans')).statusCode).toBe(403);
  });
});
