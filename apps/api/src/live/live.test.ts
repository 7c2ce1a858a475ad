import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { inTransaction } from '../events/domain-events';
import { buildTask } from '../modules/tasks/test-helpers';

let ctx: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let url: string;
let memberPlan: Awaited<ReturnType<typeof buildPlan>>;
let otherPlan: Awaited<ReturnType<typeof buildPlan>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await getTestApp();
  actors = await buildActors(ctx.db);
  memberPlan = await buildPlan(ctx.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  otherPlan = await buildPlan(ctx.db, { projectManagerId: actors.manager.id });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await ctx.close();
});

/** A connected socket of this token (or none) that joined the given channels. */
async function socketOf(token: string | null, channels: string[] = []) {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {} });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  for (const channel of channels) {
    const answer = await socket.emitWithAck('subscribe', { channel });
    expect(answer, channel).toEqual({ ok: true });
  }
  return socket;
}

/** Everything a socket receives under one event name. */
function collect(socket: Socket, name: string) {
  const got: { id: string; model?: string; action?: string; payload: Record<string, unknown> }[] = [];
  socket.on(name, (data) => got.push(data));
  return got;
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) {
    await settle(20);
  }
}

const authorise = (token: string, channel_name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/broadcasting/auth',
    headers: bearer(token),
    payload: { socket_id: 'abc.123', channel_name },
  });

describe('POST broadcasting/auth', () => {
  it('authorises each channel kind for whom it is meant and refuses the rest', async () => {
    const own = (who: { uuid: string }) => `private-users.${who.uuid}`;
    const cases: [string, string, number][] = [
      ['admin', 'private-model.changes', 200],
      ['manager', 'private-model.changes', 200],
      ['freelancer', 'private-model.changes', 200],
      ['contact', 'private-model.changes', 403],
      ['admin', own(actors.admin), 200],
      ['freelancer', own(actors.freelancer), 200],
      ['freelancer', own(actors.admin), 403],
      ['contact', own(actors.contact), 403],
      ['manager', `private-project.${memberPlan.uuid}`, 200],
      ['freelancer', `private-project.${memberPlan.uuid}`, 403],
      ['contact', `private-project.${memberPlan.uuid}`, 403],
      ['manager', 'private-project.00000000-0000-4000-8000-000000000000', 403],
      ['contact', 'version', 200],
      ['admin', 'private-nonsense', 403],
    ];
    for (const [who, channel, status] of cases) {
      const res = await authorise(actors[who as keyof typeof actors].token, channel);
      expect(res.statusCode, `${who} ${channel}`).toBe(status);
      if (status === 200) {
        expect(res.json().auth).toMatch(/^[0-9a-f]{64}$/);
      }
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: 'abc.123', channel_name: 'private-model.changes' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('holds every socket join to the same rule', async () => {
    const contact = await socketOf(actors.contact.token);
    expect(await contact.emitWithAck('subscribe', { channel: 'private-model.changes' })).toEqual({
      ok: false,
      status: 403,
    });
    const freelancer = await socketOf(actors.freelancer.token);
    expect(await freelancer.emitWithAck('subscribe', { channel: `private-users.${actors.admin.uuid}` })).toEqual({
      ok: false,
      status: 403,
    });
    const anonymous = await socketOf(null);
    expect(await anonymous.emitWithAck('subscribe', { channel: 'version' })).toEqual({ ok: true });
    expect(await anonymous.emitWithAck('subscribe', { channel: 'private-model.changes' })).toMatchObject({ ok: false });
    // A signature made for another socket does not open the channel.
    const signed = (await authorise(actors.freelancer.token, 'private-model.changes')).json().auth;
    expect(await freelancer.emitWithAck('subscribe', { channel: 'private-model.changes', auth: signed })).toMatchObject(
      { ok: false },
    );
  });

  it('refuses a handshake with a token that is not a session', async () => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token: 'nope' } });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('unauthenticated');
  });
});

describe('model.changes', () => {
  it('tells those who may see a task of its changes, marks the writer’s ref_token, and tells nobody else', async () => {
    const manager = collect(await socketOf(actors.manager.token, ['private-model.changes']), 'model.changes');
    const freelancer = collect(await socketOf(actors.freelancer.token, ['private-model.changes']), 'model.changes');
    const contact = collect(await socketOf(actors.contact.token, ['version']), 'model.changes');
    const moves = collect(await socketOf(actors.manager.token, ['private-model.changes']), 'task.move');

    const visible = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'On the member plan', project_id: memberPlan.uuid, ref_token: 'tab-1' },
    });
    const hidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Elsewhere', project_id: otherPlan.uuid },
    });
    const visibleUuid = visible.json().data.uuid;
    const hiddenUuid = hidden.json().data.uuid;
    await until(() => manager.length >= 2);
    await settle();

    expect(manager.map((e) => e.id).sort()).toEqual([visibleUuid, hiddenUuid].sort());
    expect(manager.find((e) => e.id === visibleUuid)).toMatchObject({
      model: 'task',
      action: 'created',
      payload: { ref_token: 'tab-1', project_uuid: memberPlan.uuid, title: 'On the member plan' },
    });
    expect(freelancer.map((e) => e.id)).toEqual([visibleUuid]);
    expect(JSON.stringify(freelancer)).not.toContain(hiddenUuid);
    expect(contact).toEqual([]);

    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tasks/${visibleUuid}`,
      headers: bearer(actors.admin.token),
      payload: { status: 'in_progress' },
    });
    expect(moved.statusCode).toBe(200);
    await until(() => moves.length > 0);
    expect(moves[0]).toMatchObject({ id: visibleUuid, action: 'move', payload: { status: 'in_progress' } });
  });

  it('reaches a freelancer linked to a task on a plan they are not on, and only that task', async () => {
    const freelancer = collect(await socketOf(actors.freelancer.token, ['private-model.changes']), 'model.changes');
    const linked = await buildTask(ctx.db, { projectId: otherPlan.id }, { followers: [actors.freelancer.id] });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tasks/${linked.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { title: 'Followed' },
    });
    expect(res.statusCode).toBe(200);
    await until(() => freelancer.length > 0);
    expect(freelancer.map((e) => e.id)).toEqual([linked.uuid]);
  });

  it('routes each event of a bulk change to its own audience (plans and links resolved for the batch at once)', async () => {
    const manager = collect(await socketOf(actors.manager.token, ['private-model.changes']), 'model.changes');
    const freelancer = collect(await socketOf(actors.freelancer.token, ['private-model.changes']), 'model.changes');
    const member = await buildTask(ctx.db, { projectId: memberPlan.id });
    const followed = await buildTask(ctx.db, { projectId: otherPlan.id }, { followers: [actors.freelancer.id] });
    const elsewhere = await buildTask(ctx.db, { projectId: otherPlan.id });
    const ids = [member.uuid, followed.uuid, elsewhere.uuid];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks/bulk-operations/update',
      headers: bearer(actors.admin.token),
      payload: { filters: { ids }, data: { status: 'pending' } },
    });
    expect(res.json()).toMatchObject({ updated: 3, failed: [] });
    await until(() => manager.filter((e) => ids.includes(e.id)).length >= 3);
    await settle();
    expect(
      manager
        .filter((e) => ids.includes(e.id))
        .map((e) => e.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(
      freelancer
        .filter((e) => ids.includes(e.id))
        .map((e) => e.id)
        .sort(),
    ).toEqual([member.uuid, followed.uuid].sort());
  });

  it('announces nothing for a write that rolled back', async () => {
    const manager = collect(await socketOf(actors.manager.token, ['private-model.changes']), 'model.changes');
    await expect(
      inTransaction(ctx.db, ctx.app.ctx.events, async (_tx, emit) => {
        emit({ model: 'task', action: 'updated', id: crypto.randomUUID(), actorId: null, projectId: memberPlan.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await inTransaction(ctx.db, ctx.app.ctx.events, async (_tx, emit) => {
      emit({ model: 'task', action: 'updated', id: 'committed', actorId: null, projectId: memberPlan.id });
    });
    await until(() => manager.length > 0);
    await settle(100);
    expect(manager.map((e) => e.id)).toEqual(['committed']);
  });

  it('sends the time log, its plan’s budget and the bell to whom they concern', async () => {
    const logs = collect(await socketOf(actors.manager.token, ['private-model.changes']), 'model.changes');
    const budget = collect(await socketOf(actors.manager.token, [`private-project.${memberPlan.uuid}`]), 'budget');
    const bell = collect(
      await socketOf(actors.freelancer.token, [`private-users.${actors.freelancer.uuid}`]),
      'notification',
    );
    const othersBell = collect(
      await socketOf(actors.manager.token, [`private-users.${actors.manager.uuid}`]),
      'notification',
    );

    const task = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Assigned', project_id: memberPlan.uuid, responsibles: [actors.freelancer.uuid] },
    });
    expect(task.statusCode, task.body).toBe(200);
    const log = await ctx.app.inject({
      method: 'POST',
      url: '/api/time-log',
      headers: bearer(actors.admin.token),
      payload: {
        task_id: task.json().data.uuid,
        user_id: actors.admin.uuid,
        date: '2026-01-05',
        minutes: 30,
        description: 'Design review',
        status: 'completed',
        ref_token: 'tab-9',
      },
    });
    expect(log.statusCode, log.body).toBe(200);
    await until(() => logs.some((e) => e.model === 'timelog') && budget.length > 0 && bell.length > 0);
    expect(logs.find((e) => e.model === 'timelog')).toMatchObject({
      action: 'created',
      id: log.json().data.uuid,
      payload: { ref_token: 'tab-9', task_uuid: task.json().data.uuid },
    });
    expect(budget[0]).toMatchObject({ id: memberPlan.uuid });
    expect(bell[0]).toMatchObject({ action: 'created' });
    expect(othersBell).toEqual([]);
  });
});

describe('comments', () => {
  it('tells a freelancer of comments on the tasks they see and raises their Mentions badge, nothing else', async () => {
    const socket = await socketOf(actors.freelancer.token, [
      'private-model.changes',
      `private-users.${actors.freelancer.uuid}`,
    ]);
    const changes = collect(socket, 'model.changes');
    const mentions = collect(socket, 'mention.change');
    const visible = await buildTask(ctx.db, { projectId: memberPlan.id });
    const hidden = await buildTask(ctx.db, { projectId: otherPlan.id });
    const comment = (taskUuid: string, ops: object[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/tasks/${taskUuid}/comments`,
        headers: bearer(actors.admin.token),
        payload: { text_delta: { ops } },
      });
    const onHidden = await comment(hidden.uuid, [{ insert: 'Not for the freelancer\n' }]);
    expect(onHidden.statusCode, onHidden.body).toBe(200);
    const onVisible = await comment(visible.uuid, [
      { insert: 'Please look, ' },
      { insert: { mention: { id: actors.freelancer.uuid, value: 'Sam', denotationChar: '@' } } },
      { insert: '\n' },
    ]);
    expect(onVisible.statusCode, onVisible.body).toBe(200);
    await until(() => changes.length > 0 && mentions.length > 0);
    await settle(200);
    expect(changes.map((e) => e.id)).toEqual([onVisible.json().data.uuid]);
    expect(changes[0]).toMatchObject({
      model: 'comment',
      action: 'created',
      payload: { commentable_uuid: visible.uuid },
    });
    expect(mentions.length).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('disconnects a socket whose token is revoked', async () => {
    const token = await ctx.app.ctx.sessions.issue(actors.manager.id);
    const socket = await socketOf(token, ['private-model.changes']);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects the socket of a session the person ends from another device (the Sessions list)', async () => {
    const phone = await ctx.app.ctx.sessions.issue(actors.manager.id);
    const laptop = await ctx.app.ctx.sessions.issue(actors.manager.id);
    const socket = await socketOf(phone, ['private-model.changes']);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const ended = await ctx.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(laptop) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
