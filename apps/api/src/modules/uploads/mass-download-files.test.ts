import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
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

const taskWith = async (token: string, title: string, files: string[], project = plan.uuid) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(token),
      payload: { title, project_id: project, uploads: files },
    })
  ).json().data.uuid as string;

const massDownload = (token: string, uploadIds: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/uploads/mass-download',
    headers: bearer(token),
    payload: { full_download: true, upload_ids: uploadIds },
  });

/** The zip the job made for a user: the newest files_ready notification's file, read through the download link. */
async function zipEntriesFor(user: { id: number; token: string }): Promise<Record<string, Buffer>> {
  let zipUuid: string | undefined;
  for (let i = 0; i < 100 && !zipUuid; i += 1) {
    const notes = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    zipUuid = notes.find((note) => note.type === 'files_ready')?.data.resource_id ?? undefined;
    if (!zipUuid) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  expect(zipUuid).toBeDefined();
  const link = await app.inject({ url: `/api/uploads/${zipUuid}/download`, headers: bearer(user.token) });
  const archive = await JSZip.loadAsync((await client.fetchUrl(link.json().data)).body);
  const entries: Record<string, Buffer> = {};
  for (const [name, entry] of Object.entries(archive.files)) {
    entries[name] = await entry.async('nodebuffer');
  }
  return entries;
}

describe('mass download of chosen files (uploads/mass-download)', () => {
  it('zips exactly the chosen files of a task the caller sees, even when the task holds more', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    const member = await buildPlan(db, { projectManagerId: actors.manager.id, members: [freelancer.id] });
    const logo = await client.upload(actors.manager.token, 'logo.png', await pngBytes(10, 10));
    const brief = await client.upload(actors.manager.token, 'brief.pdf', PDF_BYTES);
    const extra = await client.upload(actors.manager.token, 'extra.pdf', PDF_BYTES);
    await taskWith(actors.manager.token, 'Assets', [logo, brief, extra], member.uuid);

    const res = await massDownload(freelancer.token, [logo, brief]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/zipping/i);
    const entries = await zipEntriesFor(freelancer);
    expect(Object.keys(entries).sort()).toEqual(['brief.pdf', 'logo.png']);
    expect(Buffer.compare(entries['brief.pdf'] as Buffer, PDF_BYTES)).toBe(0);
  });

  it("leaves out files the caller may not see, and refuses when none is left (nothing of another plan's task)", async () => {
    const outsider = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    const hidden = await client.upload(actors.admin.token, 'hidden.pdf', PDF_BYTES);
    await taskWith(actors.admin.token, 'Not for outsiders', [hidden]);
    const refused = await massDownload(outsider.token, [hidden]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.full_download).toEqual(['The selected items have no files to download']);

    const own = await client.upload(outsider.token, 'mine.pdf', PDF_BYTES);
    const mixed = await massDownload(outsider.token, [own, hidden]);
    expect(mixed.statusCode).toBe(200);
    expect(Object.keys(await zipEntriesFor(outsider))).toEqual(['mine.pdf']);
  });

  it('needs a signed-in staff member and well-formed ids', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/uploads/mass-download',
      payload: { full_download: true, upload_ids: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await massDownload(actors.manager.token, ['not-a-uuid']);
    expect(bad.statusCode).toBe(422);
    const contact = await massDownload(actors.contact.token, []);
    expect(contact.statusCode).toBe(403);
  });
});
