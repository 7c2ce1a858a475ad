import { COMMENT_DELETED_TEXT, MESSAGES, nextWorkingDay, scheduleDateOf, scheduleSlots } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
import { SEND_AT_INVALID } from './comment-writes';
import { deliverDueComments } from './scheduled-comments-job';
import { type CommentTestContext, commentCalls, setUpCommentTests } from './test-helpers';

let ctx: CommentTestContext;
const calls = commentCalls(() => ctx);

beforeAll(async () => {
  ctx = await setUpCommentTests();
});
afterAll(() => ctx.close());

const taskPath = () => `tasks/${ctx.task.uuid}`;

/** A working-hours slot on the next working day (New York time), as the dialogs offer. */
function nextSlot(): string {
  const day = nextWorkingDay(scheduleDateOf(new Date()));
  const [slot] = scheduleSlots(day, new Date());
  if (!slot) {
    throw new Error('no slot');
  }
  return slot.toISOString();
}

describe('comments on a task', () => {
  it('stores the delta and its plain text and answers the comment with its creator', async () => {
    const comment = await calls.create(taskPath(), {
      text_delta: { ops: [{ insert: 'Hello ' }, { insert: 'team', attributes: { bold: true } }, { insert: '\n' }] },
      ref_token: 'r1',
    });
    expect(comment).toMatchObject({
      text: 'Hello team',
      type: 'comment',
      commentable_type: 'task',
      commentable_uuid: ctx.task.uuid,
      parent_uuid: null,
      creator: { uuid: ctx.actors.admin.uuid, type: 'regular_user' },
      deleted_at: null,
      is_edited: false,
      is_scheduled: false,
      replies: [],
      abilities: { update: true, delete: true },
    });
    expect(comment.text_delta.ops[1]).toEqual({ insert: 'team', attributes: { bold: true } });
  });

  it('accepts plain text alone and refuses an empty comment with the spec message', async () => {
    expect((await calls.create(taskPath(), { text: 'Plain words' })).text).toBe('Plain words');
    const empty = await calls.post(`${taskPath()}/comments`, { text_delta: { ops: [{ insert: '  \n' }] } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(MESSAGES.writeCommentFirst);
  });

  it('lists threads newest first with replies nested, oldest reply first', async () => {
    const root = await calls.create(taskPath(), { text: 'Thread root' });
    const first = await calls.create(
      `projects/comments/${root.uuid}`,
      { text: 'First reply' },
      ctx.actors.manager.token,
    );
    await calls.create(`projects/comments/${first.uuid}`, { text: 'Reply to a reply joins the thread' });
    const res = await calls.list(taskPath());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0].uuid).toBe(root.uuid);
    expect(body.data[0].replies.map((r: { text: string }) => r.text)).toEqual([
      'First reply',
      'Reply to a reply joins the thread',
    ]);
    expect(body.data[0].replies[0].parent_uuid).toBe(root.uuid);
    expect(body.meta).toMatchObject({
      per_page: 100,
      current_page: 1,
      abilities: { can_comment: true, types: ['comment'] },
    });
  });

  it('lets only the author edit, marks it [Edited], and refuses others with 403', async () => {
    const comment = await calls.create(taskPath(), { text: 'Draft wording' });
    const other = await calls.put(comment.uuid, { text: 'Hijack' }, ctx.actors.manager.token);
    expect(other.statusCode).toBe(403);
    const row = await calls.stored(comment.uuid);
    // Backdate creation so the edit is visibly later.
    await ctx.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 60_000), updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(comments.id, row?.id ?? 0));
    const edited = await calls.put(comment.uuid, { text: 'Final wording' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ text: 'Final wording', is_edited: true });
  });

  it('deletes by the author only: text [Comment Deleted], replies and mentions cleared, deleted_at set, no further edits', async () => {
    const comment = await calls.create(taskPath(), { text: 'To be removed' });
    await calls.create(`projects/comments/${comment.uuid}`, { text: 'A reply' }, ctx.actors.manager.token);
    expect((await calls.remove(comment.uuid, ctx.actors.manager.token)).statusCode).toBe(403);
    expect((await calls.remove(comment.uuid)).statusCode).toBe(200);
    const shown = (await calls.show(comment.uuid)).json().data;
    expect(shown).toMatchObject({
      text: COMMENT_DELETED_TEXT,
      text_delta: null,
      replies: [],
      uploads: [],
      is_edited: false,
    });
    expect(shown.deleted_at).not.toBeNull();
    expect(shown.abilities).toEqual({ update: false, delete: false, delete_uploads: false });
    expect((await calls.put(comment.uuid, { text: 'Back again' })).statusCode).toBe(403);
    expect((await calls.remove(comment.uuid)).statusCode).toBe(403);
  });

  it('hides another plan’s task comments (404) from a freelancer and shows them to staff', async () => {
    const path = `tasks/${ctx.hiddenTask.uuid}`;
    await calls.create(path, { text: 'Staff only' });
    expect((await calls.list(path, '', ctx.actors.freelancer.token)).statusCode).toBe(404);
    expect((await calls.post(`${path}/comments`, { text: 'x' }, ctx.actors.freelancer.token)).statusCode).toBe(404);
    expect((await calls.list(path, '', ctx.actors.manager.token)).statusCode).toBe(200);
    expect((await calls.list(taskPath(), '', ctx.actors.freelancer.token)).statusCode).toBe(200);
  });

  it('toggles a like on idempotently and off again', async () => {
    const comment = await calls.create(taskPath(), { text: 'Like me' });
    const like = () =>
      calls.post(`comments/${comment.uuid}/reaction`, { reaction: 'thumbs_up' }, ctx.actors.manager.token);
    const first = await like();
    const second = await like();
    expect(first.statusCode).toBe(200);
    expect(second.json().data.uuid).toBe(first.json().data.uuid);
    expect((await calls.show(comment.uuid)).json().data.reactions).toHaveLength(1);
    const reaction = first.json().data.uuid;
    const notMine = await ctx.app.inject({ method: 'DELETE', url: `/api/reaction/${reaction}`, headers: calls.as() });
    expect(notMine.statusCode).toBe(404);
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/reaction/${reaction}`,
      headers: calls.as(ctx.actors.manager.token),
    });
    expect(off.statusCode).toBe(200);
    expect((await calls.show(comment.uuid)).json().data.reactions).toEqual([]);
  });
});

describe('hostile text', () => {
  const bad = [
    [
      'a javascript: link',
      { ops: [{ insert: 'click', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' }] },
    ],
    ['a foreign image', { ops: [{ insert: { image: 'https://evil.test/x.png' } }] }],
    ['an unknown embed', { ops: [{ insert: { video: 'https://evil.test' } }] }],
    ['deeply nested attributes', { ops: [{ insert: 'x', attributes: { bold: { a: { b: { c: {} } } } } }] }],
    ['a retain op', { ops: [{ retain: 5 }] }],
    ['not a document', 'just a string'],
  ] as const;
  for (const [name, value] of bad) {
    it(`refuses ${name} with 422`, async () => {
      const res = await calls.post(`${taskPath()}/comments`, { text_delta: value });
      expect(res.statusCode).toBe(422);
    });
  }

  it('stores HTML as inert text and refuses a megabyte of text without a 500', async () => {
    const html = await calls.create(taskPath(), { text: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(html.text).toBe('<script>alert(1)</script><img src=x onerror=alert(1)>');
    const huge = await calls.post(`${taskPath()}/comments`, {
      text_delta: { ops: [{ insert: `${'a'.repeat(1_000_000)}\n` }] },
    });
    expect([413, 422]).toContain(huge.statusCode);
  });
});

describe('scheduled comments', () => {
  it('refuses a send time outside working hours', async () => {
    const res = await calls.post(`${taskPath()}/comments`, { text: 'Later', send_at: '2020-01-01 09:00:00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.send_at).toEqual([SEND_AT_INVALID]);
  });

  it('is seen only by its creator until send_at, then delivered by the job to everyone', async () => {
    const sendAt = nextSlot();
    const comment = await calls.create(taskPath(), { text: 'Scheduled hello', send_at: sendAt });
    expect(comment).toMatchObject({ is_scheduled: true, send_at: sendAt });
    const mine = (await calls.list(taskPath(), '?with_scheduled=1')).json().data.map((c: { uuid: string }) => c.uuid);
    expect(mine).toContain(comment.uuid);
    const theirs = (await calls.list(taskPath(), '?with_scheduled=1', ctx.actors.manager.token)).json();
    expect(theirs.data.map((c: { uuid: string }) => c.uuid)).not.toContain(comment.uuid);
    expect((await calls.show(comment.uuid, ctx.actors.manager.token)).statusCode).toBe(404);

    // Moving it works; then time passes: the stored send time is reached and the job runs.
    const moved = await calls.put(comment.uuid, { send_at: sendAt.replace(/T\d{2}:\d{2}/, (m) => m), ref_token: 'x' });
    expect(moved.statusCode, moved.body).toBe(200);
    const past = new Date(Date.now() - 1000);
    await ctx.db
      .update(comments)
      .set({ sendAt: past, createdAt: past, updatedAt: past })
      .where(eq(comments.uuid, comment.uuid));
    expect((await calls.stored(comment.uuid))?.deliveredAt).toBeNull();
    const delivered = await deliverDueComments(ctx.app.ctx, ctx.app.log);
    expect(delivered).toBeGreaterThanOrEqual(1);
    expect((await calls.stored(comment.uuid))?.deliveredAt).not.toBeNull();
    const shown = (await calls.show(comment.uuid, ctx.actors.manager.token)).json().data;
    expect(shown).toMatchObject({ is_scheduled: false, is_edited: false });
    // The task's responsible (the manager) was told when it went out.
    const bell = (
      await ctx.app.inject({ url: '/api/notifications', headers: calls.as(ctx.actors.manager.token) })
    ).json();
    expect(bell.data.some((n: { data: { resource_id: string } }) => n.data.resource_id === comment.uuid)).toBe(true);
  });

  it('cancelling a scheduled comment removes it; sending it now delivers it', async () => {
    const cancelled = await calls.create(taskPath(), { text: 'Never mind', send_at: nextSlot() });
    expect((await calls.remove(cancelled.uuid)).statusCode).toBe(200);
    expect(await calls.stored(cancelled.uuid)).toBeUndefined();
    const now = await calls.create(taskPath(), { text: 'Right away', send_at: nextSlot() });
    const sent = await calls.put(now.uuid, { send_at: null });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ is_scheduled: false, send_at: null });
    expect((await calls.stored(now.uuid))?.deliveredAt).not.toBeNull();
    expect((await calls.put(now.uuid, { send_at: nextSlot() })).statusCode).toBe(422);
  });
});

describe('plans: private notes and plan-only types', () => {
  const planPath = () => `projects/${ctx.plan.uuid}`;

  it('lets permission holders write plan-only types and shows the tab types', async () => {
    const note = await calls.create(planPath(), { text: 'Client is price sensitive', type: 'private' });
    expect(note.type).toBe('private');
    const listed = (await calls.list(planPath(), '?filters[type][]=private')).json();
    expect(listed.data.map((c: { uuid: string }) => c.uuid)).toEqual([note.uuid]);
    expect(listed.meta.abilities.types).toEqual(['comment', 'private', 'call_log', 'email_log', 'summary']);
  });

  it('forces replies to a private note private and hides private notes from people without the permission', async () => {
    const note = await calls.create(planPath(), { text: 'Internal only', type: 'private' });
    const reply = await calls.create(`projects/comments/${note.uuid}`, { text: 'Agreed', type: 'comment' });
    expect(reply.type).toBe('private');
    const freelancerView = (await calls.list(planPath(), '', ctx.actors.freelancer.token)).json();
    expect(freelancerView.data.map((c: { uuid: string }) => c.uuid)).not.toContain(note.uuid);
    expect(freelancerView.meta.abilities.types).toEqual(['comment']);
    expect((await calls.show(note.uuid, ctx.actors.freelancer.token)).statusCode).toBe(404);
  });

  it('refuses plan-only types without the permission (403) and on tasks (422)', async () => {
    const res = await calls.post(
      `${planPath()}/comments`,
      { text: 'Sneaky', type: 'call_log' },
      ctx.actors.freelancer.token,
    );
    expect(res.statusCode).toBe(403);
    expect((await calls.post(`${taskPath()}/comments`, { text: 'Wrong place', type: 'summary' })).statusCode).toBe(422);
  });

  it('drops client contacts mentioned in a private note', async () => {
    const note = await calls.create(planPath(), {
      text: 'Ping',
      type: 'private',
      related_users: [ctx.client.uuid, ctx.actors.manager.uuid],
    });
    expect(note.related_users.map((u: { uuid: string }) => u.uuid)).toEqual([ctx.actors.manager.uuid]);
  });
});

describe('requests', () => {
  const requestPath = () => `requests/${ctx.request.uuid}`;

  it('refuses freelancers (403) and tells them they cannot comment, while they still read', async () => {
    await calls.create(requestPath(), { text: 'Estimate attached' });
    const res = await calls.post(`${requestPath()}/comments`, { text: 'Me too' }, ctx.actors.freelancer.token);
    expect(res.statusCode).toBe(403);
    const listed = (await calls.list(requestPath(), '', ctx.actors.freelancer.token)).json();
    expect(listed.meta.abilities.can_comment).toBe(false);
    expect(listed.data.length).toBeGreaterThan(0);
  });

  it('fills latest_comment in the list and the detail from real comments', async () => {
    const latest = await calls.create(requestPath(), { text: 'Newest word' });
    const detail = (await ctx.app.inject({ url: `/api/${requestPath()}`, headers: calls.as() })).json().data;
    expect(detail.latest_comment).toEqual({
      uuid: latest.uuid,
      text: 'Newest word',
      creator: { uuid: ctx.actors.admin.uuid, name: expect.any(String) },
    });
    const list = (
      await ctx.app.inject({ url: '/api/requests?with=latest_comment&search_term=Spring', headers: calls.as() })
    ).json();
    const row = list.data.find((r: { uuid: string }) => r.uuid === ctx.request.uuid);
    expect(row.latest_comment.uuid).toBe(latest.uuid);
  });
});
