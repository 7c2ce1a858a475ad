import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';

/** auto_follow_tasks (doc 2 §3) is set on one's own Profile and honoured when one creates a task. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
});
afterAll(() => close());

describe('auto_follow_tasks preference', () => {
  it('is set on my own profile, kept beside the channels, and then I follow the tasks I create', async () => {
    const me = await buildUser(db, { permissions: ['TASKS_CREATE', 'TASKS_READ'] });
    const put = (preferences: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/contacts/${me.contactUuid}`,
        headers: bearer(me.token),
        payload: { preferences },
      });
    const on = await put({ auto_follow_tasks: '1' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.preferences).toEqual({
      email_notifications: '1',
      sms_notifications: null,
      push_notifications: '1',
      auto_follow_tasks: '1',
    });
    const plan = await buildPlan(db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(me.token),
      payload: { project_id: plan.uuid, title: 'Followed by its creator' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.followers.map((p: { uuid: string }) => p.uuid)).toEqual([me.uuid]);

    const off = await put({ auto_follow_tasks: '0' });
    expect(off.json().data.preferences.auto_follow_tasks).toBe('0');
    const plain = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(me.token),
      payload: { project_id: plan.uuid, title: 'Not followed' },
    });
    expect(plain.json().data.followers).toEqual([]);
  });

  it("is absent (off) until chosen and refuses anything but '1' or '0'", async () => {
    const me = await buildUser(db);
    const shown = await app.inject({ url: `/api/contacts/${me.contactUuid}`, headers: bearer(me.token) });
    expect(shown.json().data.preferences).not.toHaveProperty('auto_follow_tasks');
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${me.contactUuid}`,
      headers: bearer(me.token),
      payload: { preferences: { auto_follow_tasks: 'yes' } },
    });
    expect(bad.statusCode).toBe(422);
  });
});
