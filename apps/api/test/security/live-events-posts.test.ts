import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDueAndAnnounce } from '../../src/modules/posts/post-jobs';
import { bearer, buildActors } from '../factories';
import { getTestApp } from '../test-app';

/**
 * The blog's writes go live through the real routes (and the publishing job): a regular user holding POSTS_READ
 * on model.changes hears each one, so /cms and an open editor refetch; a freelancer and a client contact hear none.
 */

let t: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await getTestApp();
  actors = await buildActors(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await t.close();
});

type Received = { model: string; action: string; id: string };

async function listener(token: string) {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const received: Received[] = [];
  socket.on('model.changes', (data: Received) =>
    received.push({ model: data.model, action: data.action, id: data.id }),
  );
  await socket.emitWithAck('subscribe', { channel: 'private-model.changes' });
  return received;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: bearer(actors.manager.token), ...(payload ? { payload } : {}) });

describe('posts go live to their readers only', () => {
  it('announces every post and category write, and the job’s publish, to readers of posts', async () => {
    const admin = await listener(actors.admin.token);
    const freelancer = await listener(actors.freelancer.token);
    const contact = await listener(actors.contact.token);

    const created = await call('POST', '/api/posts', { title: 'Live post' });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.uuid as string;
    expect((await call('PUT', `/api/posts/${uuid}`, { excerpt: 'Changed' })).statusCode).toBe(200);
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await call('POST', `/api/posts/${uuid}/publish`, { published_at: soon })).statusCode).toBe(200);
    // The job publishes it once due (its time moved back here rather than waiting a minute).
    await t.db.execute(`update posts set published_at = now() - interval '1 second' where uuid = '${uuid}'`);
    expect(await publishDueAndAnnounce(t.app.ctx)).toBe(1);
    const category = await call('POST', '/api/post-categories', { name: 'Live category' });
    const categoryUuid = category.json().data.uuid as string;
    expect((await call('PUT', `/api/post-categories/${categoryUuid}`, { name: 'Live renamed' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/post-categories/${categoryUuid}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/posts/${uuid}`)).statusCode).toBe(200);

    const expected = [
      ['post', 'created', uuid],
      ['post', 'updated', uuid],
      ['post', 'schedule', uuid],
      ['post', 'publish', uuid],
      ['post_category', 'created', categoryUuid],
      ['post_category', 'updated', categoryUuid],
      ['post_category', 'deleted', categoryUuid],
      ['post', 'deleted', uuid],
    ];
    const end = Date.now() + 5000;
    while (admin.length < expected.length && Date.now() < end) {
      await settle(20);
    }
    await settle(200);
    expect(admin.map((r) => [r.model, r.action, r.id])).toEqual(expected);
    expect(freelancer).toEqual([]);
    expect(contact).toEqual([]);
  });
});
