import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { notifications, uploads } from '../../db/schema';
import { PDF_BYTES, pngBytes, startStorage, uploadClient } from './test-helpers';

/** The mass download's size threshold: under 50 MB the zip is the answer; from 50 MB on a job builds it. */

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
  ({ app, db, close } = await getTestApp({ env: storage.env }));
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id });
  client = uploadClient(app);
});
afterAll(async () => {
  await close();
  await stop();
});

const massDownload = (token: string, uploadIds: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/uploads/mass-download',
    headers: bearer(token),
    payload: { full_download: true, upload_ids: uploadIds },
  });

async function filesReadyCount(userId: number) {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((note) => note.type === 'files_ready').length;
}

async function twoFiles(token: string, title: string) {
  const logo = await client.upload(token, 'logo.png', await pngBytes(10, 10));
  const brief = await client.upload(token, 'brief.pdf', PDF_BYTES);
  await app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: bearer(token),
    payload: { title, project_id: plan.uuid, uploads: [logo, brief] },
  });
  return [logo, brief];
}

describe('mass download size threshold', () => {
  it('answers the zip itself when the files total under 50 MB: no job, no bell item, no stored zip', async () => {
    const ids = await twoFiles(actors.manager.token, 'Small assets');
    const zipsBefore = await db.select().from(uploads).where(eq(uploads.kind, 'export'));
    const res = await massDownload(actors.manager.token, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="selected-files-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const archive = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(archive.files).sort()).toEqual(['brief.pdf', 'logo.png']);
    const brief = await archive.file('brief.pdf')?.async('nodebuffer');
    expect(brief?.equals(PDF_BYTES)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await filesReadyCount(actors.manager.id)).toBe(0);
    expect(await db.select().from(uploads).where(eq(uploads.kind, 'export'))).toHaveLength(zipsBefore.length);
  });

  it('keeps the job for 50 MB and more: the message at once, then the zip through the bell', async () => {
    const ids = await twoFiles(actors.admin.token, 'Large assets');
    // The threshold reads the recorded sizes: two files of 25 MB each reach it.
    for (const uuid of ids) {
      await db
        .update(uploads)
        .set({ size: 25 * 1024 * 1024 })
        .where(eq(uploads.uuid, uuid));
    }
    const res = await massDownload(actors.admin.token, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toBe('We are zipping the files; you will be notified when the download is ready.');
    await expect.poll(() => filesReadyCount(actors.admin.id), { timeout: 10_000 }).toBe(1);
  });
});
