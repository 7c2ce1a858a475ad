import { CONTENT_MESSAGES, PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let admin: BuiltUser;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const put = (uuid: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/content-items/${uuid}`, headers: bearer(admin.token), payload });

/** The content calendar moves an item by PUTting its new time; these are the rules it mirrors. */
describe('rescheduling content items', () => {
  it('moves a scheduled item to another time, and keeps a published item where it went out', async () => {
    const plan = await buildPlan(db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/content-items',
      headers: bearer(admin.token),
      payload: {
        project_uuid: plan.uuid,
        platform: 'linkedin',
        caption: 'Launch week',
        scheduled_at: '2026-12-03T09:30:00Z',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.uuid as string;
    for (const status of ['in_review', 'approved', 'scheduled']) {
      expect((await put(uuid, { status })).statusCode).toBe(200);
    }
    const moved = await put(uuid, { scheduled_at: '2026-12-05T09:30:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.scheduled_at).toBe('2026-12-05T09:30:00.000Z');

    expect((await put(uuid, { status: 'published' })).statusCode).toBe(200);
    const refused = await put(uuid, { scheduled_at: '2026-12-08T09:30:00Z' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ scheduled_at: [CONTENT_MESSAGES.publishedKeepsTime] });
    // The same instant written another way is not a change.
    const same = await put(uuid, { scheduled_at: '2026-12-05T10:30:00+01:00', caption: 'Launch week!' });
    expect(same.statusCode, same.body).toBe(200);
    const read = await app.inject({ method: 'GET', url: `/api/content-items/${uuid}`, headers: bearer(admin.token) });
    expect(read.json().data.scheduled_at).toBe('2026-12-05T09:30:00.000Z');
  });
});
