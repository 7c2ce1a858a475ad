import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { seedNotifications, UNKNOWN } from './test-helpers';

/** The bell's calls (doc 1 §7): list with cursor paging and filters, counts, read state, delete, own rows only. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const get = (url: string, token = actors.manager.token) => app.inject({ url: `/api${url}`, headers: bearer(token) });
const post = (url: string, token = actors.manager.token) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token) });
const titles = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('GET /api/notifications', () => {
  it('pages 15 at a time, newest first, with after as the cursor and meta for the whole filtered list', async () => {
    await seedNotifications(db, actors.freelancer.id, titles(20, 'Paged'));
    const first = await get('/notifications?page[size]=15&filter=all', actors.freelancer.token);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(15);
    expect(page1.data[0]).toMatchObject({
      number: 20,
      type: 'task_assigned',
      read_at: null,
      data: { title: 'Paged 20' },
    });
    expect(page1.meta).toEqual({ total: 20, per_page: 15, current_page: 1, last_page: 2 });

    const last = page1.data.at(-1).number;
    const second = (await get(`/notifications?page[size]=15&after=${last}`, actors.freelancer.token)).json();
    expect(second.data.map((n: { number: number }) => n.number)).toEqual([5, 4, 3, 2, 1]);
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, total: 20 });
  });

  it('filters unread and read', async () => {
    const user = actors.admin;
    await seedNotifications(db, user.id, titles(3, 'Filter'));
    const all = (await get('/notifications', user.token)).json().data;
    await post(`/notifications/${all[0].id}/read`, user.token);
    const unread = (await get('/notifications?filter=unread', user.token)).json();
    const read = (await get('/notifications?filter=read', user.token)).json();
    expect(unread.data.map((n: { number: number }) => n.number)).toEqual([2, 1]);
    expect(unread.meta.total).toBe(2);
    expect(read.data).toHaveLength(1);
    expect(read.data[0].read_at).not.toBeNull();
  });

  it('answers 422, never 500, for bad paging or filter input', async () => {
    for (const query of ['filter=old', 'after=abc', 'after=0', 'page[size]=0', 'page[size]=1000']) {
      const res = await get(`/notifications?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('is not open to client contacts nor to anonymous callers', async () => {
    expect((await get('/notifications', actors.contact.token)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('read state, counts and delete', () => {
  it('counts unread, toggles read and unread, marks all read and deletes one', async () => {
    const user = actors.manager;
    await seedNotifications(db, user.id, titles(4, 'State'));
    const count = async () => (await get('/notifications/count', user.token)).json().data.unread;
    expect(await count()).toBe(4);
    const [newest, second] = (await get('/notifications', user.token)).json().data;

    const read = await post(`/notifications/${newest.id}/read`, user.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read_at).not.toBeNull();
    expect(await count()).toBe(3);
    const unread = await post(`/notifications/${newest.id}/unread`, user.token);
    expect(unread.json().data.read_at).toBeNull();
    expect(await count()).toBe(4);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/${second.id}`,
      headers: bearer(user.token),
    });
    expect(removed.json()).toEqual({ message: MESSAGES.deleted });
    expect(await count()).toBe(3);

    const all = await post('/notifications/read-all', user.token);
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect(await count()).toBe(0);
  });

  it("answers 404 for someone else's notification and for unknown ids", async () => {
    await seedNotifications(db, actors.admin.id, ['Not yours']);
    const [theirs] = (await get('/notifications', actors.admin.token)).json().data;
    for (const id of [theirs.id, UNKNOWN]) {
      expect((await post(`/notifications/${id}/read`)).statusCode).toBe(404);
      expect((await post(`/notifications/${id}/unread`)).statusCode).toBe(404);
      expect((await post(`/mentions/${id}/read`)).statusCode).toBe(404);
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/notifications/${id}`,
        headers: bearer(actors.manager.token),
      });
      expect(del.statusCode).toBe(404);
    }
    expect((await post('/notifications/not-a-uuid/read')).statusCode).toBe(422);
    const still = (await get('/notifications', actors.admin.token)).json().data[0];
    expect(still).toMatchObject({ id: theirs.id, read_at: null });
  });

  it('counts unread mentions as inbox_unread and reads a mention', async () => {
    const { app: other, db: otherDb, close: closeOther } = await getTestApp();
    try {
      const people = await buildActors(otherDb);
      await seedNotifications(otherDb, people.freelancer.id, ['Plain']);
      await seedNotifications(otherDb, people.freelancer.id, ['Mention A', 'Mention B'], true);
      const headers = bearer(people.freelancer.token);
      const mentions = async () => (await other.inject({ url: '/api/mentions/count', headers })).json();
      expect(await mentions()).toEqual({ inbox_unread: 2 });

      const list = (await other.inject({ url: '/api/notifications', headers })).json().data;
      const mention = list.find((n: { data: { title: string } }) => n.data.title === 'Mention B');
      const plain = list.find((n: { data: { title: string } }) => n.data.title === 'Plain');
      expect(mention.data.has_mention).toBe(true);
      const read = await other.inject({ method: 'POST', url: `/api/mentions/${mention.id}/read`, headers });
      expect(read.statusCode).toBe(200);
      expect(await mentions()).toEqual({ inbox_unread: 1 });
      // A notification without a mention is not a mention.
      const notMention = await other.inject({ method: 'POST', url: `/api/mentions/${plain.id}/read`, headers });
      expect(notMention.statusCode).toBe(404);
    } finally {
      await closeOther();
    }
  });
});
