import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { notifications, uploads } from '../../db/schema';
import { removeOrphanUploads } from './cleanup-job';
import { buildZip } from './mass-download';
import { PDF_BYTES, pngBytes, startStorage, uploadClient } from './test-helpers';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let stop: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let client: ReturnType<typeof uploadClient>;
let plan: Awaited<ReturnType<typeof buildPlan>>;

beforeAll(async () => {
  const storage = await startStorage('local');
  stop = storage.stop;
  // The job path: every selection goes through the job (small ones stream at once: mass-download-at-once.test.ts).
  ({ app, db, close } = await getTestApp({ env: { ...storage.env, MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '0' } }));
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  client = uploadClient(app);
});
afterAll(async () => {
  await close();
  await stop();
});

const row = async (uuid: string) => (await db.select().from(uploads).where(eq(uploads.uuid, uuid)))[0];
const age = (uuid: string, hours: number) =>
  db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
    .where(eq(uploads.uuid, uuid));

describe('orphan cleanup job', () => {
  it('removes uploads nothing holds 24 h after creation, with their bytes, and keeps held or recent ones', async () => {
    const orphan = await client.upload(actors.admin.token, 'abandoned.png', await pngBytes());
    const recent = await client.upload(actors.admin.token, 'recent.pdf', PDF_BYTES);
    const held = await client.upload(actors.admin.token, 'held.pdf', PDF_BYTES);
    await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Keeps its file', project_id: plan.uuid, uploads: [held] },
    });
    const pending = (await client.presign(actors.admin.token, { name: 'never.pdf', size: 10 })).json().uuid;
    await age(orphan, 25);
    await age(held, 25);
    await age(pending, 30);
    await age(recent, 2);
    const stored = await row(orphan);

    expect(await removeOrphanUploads(app.ctx)).toBe(2);
    expect(await row(orphan)).toBeUndefined();
    expect(await row(pending)).toBeUndefined();
    expect(await app.ctx.storage.stat(stored?.url ?? '')).toBeNull();
    expect(await app.ctx.storage.stat(stored?.thumbnailKey ?? '')).toBeNull();
    expect(await row(recent)).toBeDefined();
    expect(await row(held)).toBeDefined();
  });
});

describe('mass download', () => {
  it('answers at once, zips the files of the visible tasks and notifies the requester with the link', async () => {
    const png = await pngBytes(12, 12);
    const one = await client.upload(actors.manager.token, 'logo.png', png);
    const two = await client.upload(actors.manager.token, 'logo.png', png);
    const three = await client.upload(actors.manager.token, 'brief.pdf', PDF_BYTES);
    const make = async (title: string, files: string[], project = plan.uuid) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/tasks',
          headers: bearer(actors.manager.token),
          payload: { title, project_id: project, uploads: files },
        })
      ).json().data.uuid as string;
    const first = await make('First', [one, three]);
    const second = await make('Second', [two]);

    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks/mass-download',
      headers: bearer(actors.manager.token),
      payload: { full_download: true, task_ids: [first, second] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/zipping/i);

    let zipUuid: string | undefined;
    for (let i = 0; i < 100 && !zipUuid; i += 1) {
      const [note] = await db.select().from(notifications).where(eq(notifications.userId, actors.manager.id));
      zipUuid = note?.type === 'files_ready' ? (note.data.resource_id ?? undefined) : undefined;
      if (!zipUuid) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(zipUuid).toBeDefined();
    const link = await app.inject({ url: `/api/uploads/${zipUuid}/download`, headers: bearer(actors.manager.token) });
    expect(link.statusCode).toBe(200);
    const zipped = await client.fetchUrl(link.json().data);
    const archive = await JSZip.loadAsync(zipped.body);
    expect(Object.keys(archive.files).sort()).toEqual(['brief.pdf', 'logo (2).png', 'logo.png']);
    const brief = archive.file('brief.pdf');
    expect(brief).not.toBeNull();
    expect(Buffer.compare(await (brief as NonNullable<typeof brief>).async('nodebuffer'), PDF_BYTES)).toBe(0);
    // The zip is the requester's alone.
    const other = await app.inject({ url: `/api/uploads/${zipUuid}/download`, headers: bearer(actors.admin.token) });
    expect(other.statusCode).toBe(404);
  });

  it('fails the job (for pg-boss to retry) when a file is gone from storage, leaving no zip behind', async () => {
    const kept = await client.upload(actors.manager.token, 'kept.pdf', PDF_BYTES);
    const lost = await client.upload(actors.manager.token, 'lost.pdf', PDF_BYTES);
    const lostRow = await row(lost);
    await app.ctx.storage.remove(lostRow?.url ?? '');
    const ids = [(await row(kept))?.id ?? 0, lostRow?.id ?? 0];
    const before = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.extension, 'zip'));
    await expect(
      buildZip(app.ctx, { userId: actors.manager.id, uploadIds: ids, label: 'tasks' }, app.log),
    ).rejects.toThrow();
    const after = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.extension, 'zip'));
    expect(after).toEqual(before);
  });

  it('refuses when the caller sees none of the files', async () => {
    const stranger = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    const file = await client.upload(actors.admin.token, 'x.pdf', PDF_BYTES);
    const task = (
      await app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: bearer(actors.admin.token),
        payload: { title: 'Hidden', project_id: plan.uuid, uploads: [file] },
      })
    ).json().data.uuid;
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks/mass-download',
      headers: bearer(stranger.token),
      payload: { full_download: true, task_ids: [task] },
    });
    expect(res.statusCode).toBe(422);
  });
});
