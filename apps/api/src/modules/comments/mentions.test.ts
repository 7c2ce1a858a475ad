import { CANNED_COMMENT_TEMPLATES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { comments, groupMembers, groups, mailOutbox, requests } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { reclassifyRequests } from '../requests/request-temperature';
import { type CommentTestContext, commentCalls, mention, setUpCommentTests } from './test-helpers';

let ctx: CommentTestContext;
const calls = commentCalls(() => ctx);
const events: DomainEvent[] = [];

beforeAll(async () => {
  ctx = await setUpCommentTests();
  ctx.app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => ctx.close());

const taskPath = () => `tasks/${ctx.task.uuid}`;
const get = (url: string, token?: string) => ctx.app.inject({ url: `/api/${url}`, headers: calls.as(token) });
const mentionCount = async (token: string) => (await get('mentions/count', token)).json().inbox_unread as number;

describe('mentions', () => {
  it('notifies the mentioned person (has_mention, link to the comment), fills their inbox and counts it unread', async () => {
    const viewer = await buildUser(ctx.db, { permissions: ['COMMENTS_READ', 'TASKS_READ'] });
    const before = await mentionCount(viewer.token);
    const comment = await calls.create(taskPath(), {
      text_delta: { ops: [{ insert: 'Please check, ' }, mention(viewer.uuid, 'Viewer'), { insert: '\n' }] },
      ref_token: 'tok-1',
    });
    expect(comment.related_users).toEqual([{ uuid: viewer.uuid, name: expect.any(String), type: 'regular_user' }]);
    expect(await mentionCount(viewer.token)).toBe(before + 1);
    const bell = (await get('notifications', viewer.token)).json().data[0];
    expect(bell).toMatchObject({
      type: 'comment_mention',
      data: {
        has_mention: true,
        resource_id: comment.uuid,
        action_url: `/tasks?task_uuid=${ctx.task.uuid}&task_comment_uuid=${comment.uuid}`,
      },
    });
    const inbox = (await get('mentions?filter=unread', viewer.token)).json();
    expect(inbox.data[0]).toMatchObject({
      id: bell.id,
      read_at: null,
      comment: {
        uuid: comment.uuid,
        text: expect.stringContaining('Please check'),
        creator: { uuid: ctx.actors.admin.uuid },
        commentable: { type: 'task', uuid: ctx.task.uuid, title: 'Landing page' },
      },
    });
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/mentions/${bell.id}/read`,
      headers: calls.as(viewer.token),
    });
    expect(read.statusCode).toBe(200);
    expect(await mentionCount(viewer.token)).toBe(before);
    expect((await get('mentions?filter=unread', viewer.token)).json().data).toEqual([]);
    expect((await get('mentions', viewer.token)).json().data[0].read_at).not.toBeNull();
    const commentEvent = events.find((e) => e.model === 'comment' && e.id === comment.uuid);
    expect(commentEvent).toMatchObject({
      action: 'created',
      refToken: 'tok-1',
      projectId: ctx.plan.id,
      payload: { commentable_type: 'task', commentable_uuid: ctx.task.uuid, parent_uuid: null },
    });
    expect(events.find((e) => e.model === 'mention' && e.id === comment.uuid)?.userIds).toEqual([viewer.id]);
  });

  it('fans a group mention out to its members, never to the author', async () => {
    const a = await buildUser(ctx.db, { permissions: ['COMMENTS_READ'] });
    const b = await buildUser(ctx.db, { permissions: ['COMMENTS_READ'] });
    const [group] = await ctx.db
      .insert(groups)
      .values({ name: `Designers ${Date.now()}` })
      .returning();
    if (!group) {
      throw new Error('group');
    }
    await ctx.db.insert(groupMembers).values([
      { groupId: group.id, userId: a.id },
      { groupId: group.id, userId: b.id },
      { groupId: group.id, userId: ctx.actors.admin.id },
    ]);
    const adminBefore = await mentionCount(ctx.actors.admin.token);
    const comment = await calls.create(taskPath(), {
      text: 'Designers, please look',
      related_users: [{ uuid: group.uuid, type: 'group' }],
    });
    expect(comment.related_users).toEqual([{ uuid: group.uuid, name: group.name, type: 'group' }]);
    expect(await mentionCount(a.token)).toBe(1);
    expect(await mentionCount(b.token)).toBe(1);
    expect(await mentionCount(ctx.actors.admin.token)).toBe(adminBefore);
  });

  it('e-mails a mentioned client contact the comment text, with no link into the app', async () => {
    await calls.create(taskPath(), { text: 'Olga, the draft is ready for you', related_users: [ctx.offline.uuid] });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'olga@client.test'));
    expect(mail?.textBody).toContain('Olga, the draft is ready for you');
    expect(mail?.textBody).not.toContain('http');
  });

  it('refuses mentions of people the caller may not mention (422)', async () => {
    const res = await calls.post(
      `${taskPath()}/comments`,
      { text: 'Hi', related_users: [ctx.offline.uuid] },
      ctx.actors.freelancer.token,
    );
    expect(res.statusCode).toBe(422);
  });

  it('notifies the parent author of a reply and the responsibles of a new thread, never the actor', async () => {
    const root = await calls.create(taskPath(), { text: 'Root by admin' });
    const bell = async (token: string) => (await get('notifications', token)).json().data[0];
    expect(await bell(ctx.actors.manager.token)).toMatchObject({
      type: 'comment_created',
      data: { resource_id: root.uuid, has_mention: false },
    });
    const reply = await calls.create(
      `projects/comments/${root.uuid}`,
      { text: 'Reply by manager' },
      ctx.actors.manager.token,
    );
    expect(await bell(ctx.actors.admin.token)).toMatchObject({
      type: 'comment_reply',
      data: { resource_id: reply.uuid },
    });
    const managerLatest = await bell(ctx.actors.manager.token);
    expect(managerLatest.data.resource_id).not.toBe(reply.uuid);
  });

  it('lists mentionables by type for staff and narrower for freelancers', async () => {
    const staff = (await get(`projects/${ctx.plan.uuid}/mentionables?search_term=`)).json().data as {
      uuid: string;
      type: string;
    }[];
    const types = new Set(staff.map((m) => m.type));
    expect(types).toContain('regular_user');
    expect(staff.find((m) => m.uuid === ctx.offline.uuid)?.type).toBe('contact');
    expect(staff.find((m) => m.uuid === ctx.actors.freelancer.uuid)?.type).toBe('freelancer');
    const searched = (await get(`mentions/mentionables?search_term=Olga`)).json().data;
    expect(searched).toEqual([{ uuid: ctx.offline.uuid, name: 'Olga Offline', type: 'contact' }]);
    const forFreelancer = (await get(`projects/${ctx.plan.uuid}/mentionables`, ctx.actors.freelancer.token)).json()
      .data as { type: string }[];
    expect(forFreelancer.every((m) => m.type === 'regular_user' || m.type === 'freelancer')).toBe(true);
    expect((await get(`projects/${ctx.otherPlan.uuid}/mentionables`, ctx.actors.freelancer.token)).statusCode).toBe(
      404,
    );
  });
});

describe('request temperature', () => {
  it('turns frozen after three staff comments without a client response, and a requester reply thaws it', async () => {
    const requestPath = `requests/${ctx.request.uuid}`;
    // The requester is the manager: the admin's comments are the staff's.
    for (const text of ['One', 'Two', 'Three']) {
      await calls.create(requestPath, { text });
    }
    const stored = async () => (await ctx.db.select().from(requests).where(eq(requests.uuid, ctx.request.uuid)))[0];
    expect(await stored()).toMatchObject({ heat: 'frozen', ghosted: true, temperature: 1 });
    await calls.create(requestPath, { text: 'Answer from the requester' }, ctx.actors.manager.token);
    expect((await stored())?.heat).toBe('hot');
    await reclassifyRequests(ctx.db);
    expect((await stored())?.heat).toBe('hot');
    const latest = await ctx.db.select().from(comments).where(eq(comments.commentableType, 'request'));
    expect(latest.length).toBeGreaterThanOrEqual(4);
  });
});

describe('comment templates', () => {
  it('seeds the six canned replies and lets admins create, edit and delete; freelancers cannot write', async () => {
    const listed = (await get('comment-templates')).json().data as { uuid: string; title: string }[];
    expect(listed.map((t) => t.title).sort()).toEqual(CANNED_COMMENT_TEMPLATES.map((t) => t.title).sort());
    const created = await calls.post('comment-templates', { title: 'Thanks', content: 'Thanks @name!' });
    expect(created.statusCode).toBe(200);
    const uuid = created.json().data.uuid;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/comment-templates/${uuid}`,
      headers: calls.as(),
      payload: { title: 'Thanks', content: 'Many thanks @name!' },
    });
    expect(updated.json().data.content).toBe('Many thanks @name!');
    const empty = await calls.post('comment-templates', { title: '', content: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual(['This field is required']);
    expect(
      (await calls.post('comment-templates', { title: 'x', content: 'y' }, ctx.actors.freelancer.token)).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/comment-templates/${uuid}`, headers: calls.as() }))
        .statusCode,
    ).toBe(200);
    expect((await get(`comment-templates/${uuid}`)).statusCode).toBe(404);
  });
});
