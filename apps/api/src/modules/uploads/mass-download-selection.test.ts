import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { PDF_BYTES, startStorage, uploadClient } from './test-helpers';

/** POST tasks|requests/mass-download with a table's selection (`filters`): ticked ids or "all N" with the filters. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let stop: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let client: ReturnType<typeof uploadClient>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
let otherPlan: Awaited<ReturnType<typeof buildPlan>>;

beforeAll(async () => {
  const storage = await startStorage('local');
  stop = storage.stop;
  // The job path: every selection goes through the job (small ones stream at once: mass-download-at-once.test.ts).
  ({ app, db, close } = await getTestApp({ env: { ...storage.env, MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '0' } }));
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  otherPlan = await buildPlan(db, { projectManagerId: actors.manager.id });
});
afterAll(async () => {
  await close();
  await stop();
});

async function create(resource: 'tasks' | 'requests', fields: Record<string, unknown>, fileName: string) {
  client ??= uploadClient(app);
  const file = await client.upload(actors.manager.token, fileName, PDF_BYTES);
  const res = await app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    headers: bearer(actors.manager.token),
    payload: { ...fields, uploads: [file] },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.uuid as string;
}

const massDownload = (resource: 'tasks' | 'requests', token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/${resource}/mass-download`,
    headers: bearer(token),
    payload: { full_download: true, ...payload },
  });

/** The names in the zip the job made for a user (their one files_ready notification). */
async function zipNamesFor(user: { id: number; token: string }): Promise<string[]> {
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
  return Object.keys(archive.files).sort();
}

describe('POST tasks/mass-download with a selection', () => {
  it("zips the files of every task the list's filters and search hold ('all N'), not only a page", async () => {
    await create('tasks', { title: 'Allzip poster', project_id: plan.uuid }, 'poster.pdf');
    await create('tasks', { title: 'Allzip flyer', project_id: otherPlan.uuid }, 'flyer.pdf');
    await create('tasks', { title: 'Unrelated banner', project_id: plan.uuid }, 'banner.pdf');
    const reader = await buildUser(db, { permissions: ['TASKS_READ'] });
    const res = await massDownload('tasks', reader.token, { filters: { _all: true }, search_term: 'allzip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zipNamesFor(reader)).toEqual(['flyer.pdf', 'poster.pdf']);
  });

  it("applies the list's filters and a freelancer's visibility to 'all N'", async () => {
    await create('tasks', { title: 'Scoped one', project_id: plan.uuid }, 'scoped-visible.pdf');
    await create('tasks', { title: 'Scoped two', project_id: otherPlan.uuid }, 'scoped-hidden.pdf');
    const byPlan = await buildUser(db, { permissions: ['TASKS_READ'] });
    const filtered = await massDownload('tasks', byPlan.token, {
      filters: { _all: true, 'project.uuid': [otherPlan.uuid], search_term: 'scoped' },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(await zipNamesFor(byPlan)).toEqual(['scoped-hidden.pdf']);

    // The demo freelancer is on `plan` only.
    const res = await massDownload('tasks', actors.freelancer.token, {
      filters: { _all: true, search_term: 'scoped' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zipNamesFor(actors.freelancer)).toEqual(['scoped-visible.pdf']);
  });

  it('takes the ticked rows as filters.ids, and refuses a selection that names neither ids nor _all', async () => {
    const ticked = await create('tasks', { title: 'Ticked only', project_id: plan.uuid }, 'ticked.pdf');
    await create('tasks', { title: 'Not ticked', project_id: plan.uuid }, 'not-ticked.pdf');
    const reader = await buildUser(db, { permissions: ['TASKS_READ'] });
    expect((await massDownload('tasks', reader.token, { filters: {} })).statusCode).toBe(422);
    const res = await massDownload('tasks', reader.token, { filters: { ids: [ticked] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zipNamesFor(reader)).toEqual(['ticked.pdf']);
  });
});

describe('POST requests/mass-download with a selection', () => {
  it("zips the files of every request the list's filters hold", async () => {
    await create('requests', { status: 'draft', subject: 'Allreq logo', project_id: plan.uuid }, 'logo-brief.pdf');
    await create('requests', { status: 'draft', subject: 'Allreq site', project_id: plan.uuid }, 'site-brief.pdf');
    await create('requests', { status: 'draft', subject: 'Other brief', project_id: plan.uuid }, 'other.pdf');
    const reader = await buildUser(db, { permissions: ['REQUEST_READ'] });
    const res = await massDownload('requests', reader.token, {
      filters: { _all: true, 'projects_requests.status': ['draft'], search_term: 'allreq' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zipNamesFor(reader)).toEqual(['logo-brief.pdf', 'site-brief.pdf']);
  });
});
