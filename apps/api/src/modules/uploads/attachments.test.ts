import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { EMAIL_DESIGN, emailAnswers } from '../requests/request-test-helpers';
import { PDF_BYTES, pngBytes, startStorage, uploadClient } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let stop: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let outsider: Awaited<ReturnType<typeof buildUser>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
let client: ReturnType<typeof uploadClient>;

beforeAll(async () => {
  const storage = await startStorage('local');
  stop = storage.stop;
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  ({ app, close, db } = await getTestApp({ env: storage.env }));
  actors = await buildActors(db);
  outsider = await buildUser(db, { type: 'freelancer', permissions: PERMISSIONS });
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  client = uploadClient(app);
});
afterAll(async () => {
  await close();
  await stop();
});

const download = (uuid: string, token: string) =>
  app.inject({ url: `/api/uploads/${uuid}/download`, headers: bearer(token) });

describe('task Assets (uploads[] on tasks)', () => {
  it('attaches an image and a PDF on create, adds more on update, and keeps a resent list as it is', async () => {
    const image = await client.upload(actors.admin.token, 'moodboard.png', await pngBytes(64, 48));
    const pdf = await client.upload(actors.admin.token, 'brief.pdf', PDF_BYTES);
    const created = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Landing page', project_id: plan.uuid, uploads: [image, pdf] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const task = created.json().data;
    expect(task.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([image, pdf]);
    expect(task.uploads[0]).toMatchObject({ preview: 'image', width: 64, height: 48, creator_uuid: actors.admin.uuid });
    expect(task.uploads[0].thumbnail_url).toBe(`/api/uploads/${image}/thumbnail`);
    expect(task.uploads[1]).toMatchObject({ preview: 'pdf', thumbnail_url: null });

    const more = await client.upload(actors.freelancer.token, 'copy.pdf', PDF_BYTES);
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.uuid}`,
      headers: bearer(actors.freelancer.token),
      payload: { uploads: [image, pdf, more] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.uploads).toHaveLength(3);
  });

  it('refuses an upload whose bytes never arrived, and another person’s upload', async () => {
    const pending = (await client.presign(actors.admin.token, { name: 'later.pdf', size: 100 })).json().uuid;
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Pending', project_id: plan.uuid, uploads: [pending] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ uploads: [MESSAGES.uploadNotFinished] });
    const theirs = await client.upload(actors.manager.token, 'theirs.pdf', PDF_BYTES);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Foreign', project_id: plan.uuid, uploads: [theirs] },
    });
    expect(foreign.json().errors).toEqual({ uploads: [MESSAGES.unknownReference] });
  });

  it('a freelancer cannot download a file of a plan they are not on', async () => {
    const file = await client.upload(actors.admin.token, 'secret.pdf', PDF_BYTES);
    await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Secret', project_id: plan.uuid, uploads: [file] },
    });
    expect((await download(file, outsider.token)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/uploads/${file}`, headers: bearer(outsider.token) })).statusCode).toBe(404);
    expect((await download(file, actors.freelancer.token)).statusCode).toBe(200);
  });
});

describe('editor images', () => {
  it('stores a description whose images are our uploads, and refuses images from anywhere else', async () => {
    const image = await client.upload(actors.admin.token, 'inline.png', await pngBytes(), 'in-message');
    const ours = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: {
        title: 'With an image',
        project_id: plan.uuid,
        description_delta: {
          ops: [{ insert: 'See ' }, { insert: { image: `/api/uploads/${image}` } }, { insert: '\n' }],
        },
      },
    });
    expect(ours.statusCode, ours.body).toBe(200);
    for (const src of ['https://evil.test/cat.png', 'data:image/png;base64,AAAA', '/api/uploads/not-a-uuid']) {
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: bearer(actors.admin.token),
        payload: {
          title: 'Foreign image',
          project_id: plan.uuid,
          description_delta: { ops: [{ insert: { image: src } }, { insert: '\n' }] },
        },
      });
      expect(foreign.statusCode, src).toBe(422);
    }
  });
});

describe('request uploads (the uploads area and upload questions)', () => {
  it('attaches the uploads area and the answers of upload questions, reporting refusals under their field', async () => {
    const area = await client.upload(actors.admin.token, 'logo.png', await pngBytes());
    const reference = await client.upload(actors.admin.token, 'reference.pdf', PDF_BYTES);
    const created = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: bearer(actors.admin.token),
      payload: {
        status: 'new',
        subject: 'Newsletter',
        request_type_id: EMAIL_DESIGN,
        project_id: plan.uuid,
        requester_id: actors.manager.uuid,
        answers: { ...emailAnswers, references: [reference] },
        uploads: [area],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const request = created.json().data;
    const shown = (
      await app.inject({ url: `/api/requests/${request.uuid}?with=uploads`, headers: bearer(actors.admin.token) })
    ).json().data;
    expect(shown.uploads.map((u: { uuid: string }) => u.uuid).sort()).toEqual([area, reference].sort());
    expect(shown.answers.references).toEqual([reference]);
    expect((await download(reference, outsider.token)).statusCode).toBe(404);

    const theirs = await client.upload(actors.manager.token, 'theirs.pdf', PDF_BYTES);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/requests/${request.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { answers: { ...emailAnswers, references: [reference, theirs] } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'answers.references': [MESSAGES.unknownReference] });
    const malformed = await app.inject({
      method: 'PUT',
      url: `/api/requests/${request.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { answers: { ...emailAnswers, references: ['not-a-uuid'] } },
    });
    expect(malformed.json().errors).toEqual({ 'answers.references': [MESSAGES.invalidAnswer] });
  });
});
