import { RICH_TEXT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../src/db/schema';
import { EMAIL_DESIGN, setUpRequestTests } from '../../src/modules/requests/request-test-helpers';
import { buildTask } from '../../src/modules/tasks/test-helpers';
import { bearer, buildCustomer } from '../factories';

let t: Awaited<ReturnType<typeof setUpRequestTests>>;
beforeAll(async () => {
  t = await setUpRequestTests();
});
afterAll(() => t.close());

const UPLOAD = '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const foreignImage = { ops: [{ insert: { image: 'https://evil.test/pixel.png' } }, { insert: '\n' }] };
const video = { ops: [{ insert: { video: 'https://evil.test/v' } }, { insert: '\n' }] };
const scriptLink = { ops: [{ insert: 'click', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' }] };
const admin = () => bearer(t.actors.admin.token);

describe('every stored delta is validated by the server', () => {
  it('refuses a task description with an image that is not our upload, with a clear 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: admin(),
      payload: { title: 'Bad image', project_id: t.plan.uuid, description_delta: foreignImage },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.description_delta).toEqual([RICH_TEXT_MESSAGES.badImage]);
  });

  it('refuses an embed the editor cannot render on PUT tasks/{id}/description-delta', async () => {
    const task = await buildTask(t.db, { projectId: t.plan.id });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.uuid}/description-delta`,
      headers: admin(),
      payload: { description_delta: video },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.description_delta).toEqual([RICH_TEXT_MESSAGES.unsupportedEmbed('video')]);
  });

  it('accepts our own uploads, relative or on APP_URL, and mentions', async () => {
    const task = await buildTask(t.db, { projectId: t.plan.id });
    const delta = {
      ops: [
        { insert: { image: UPLOAD } },
        { insert: { image: `http://portal.test${UPLOAD}/original` } },
        { insert: { mention: { id: t.actors.manager.uuid, value: 'Manager', denotationChar: '@', type: 'user' } } },
        { insert: '\n' },
      ],
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.uuid}/description-delta`,
      headers: admin(),
      payload: { description_delta: delta },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an image path that climbs out of the uploads (a viewer would request /api/logout)', async () => {
    const task = await buildTask(t.db, { projectId: t.plan.id });
    for (const image of [
      `${UPLOAD}/../../logout`,
      `${UPLOAD}/%2e%2e/%2e%2e/logout`,
      `${UPLOAD}/..%2f..%2flogout`,
      `${UPLOAD}/..\\..\\logout`,
      `http://portal.test${UPLOAD}/../../logout`,
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/${task.uuid}/description-delta`,
        headers: admin(),
        payload: { description_delta: { ops: [{ insert: { image } }, { insert: '\n' }] } },
      });
      expect(res.statusCode, image).toBe(422);
      expect(res.json().errors.description_delta, image).toEqual([RICH_TEXT_MESSAGES.badImage]);
    }
  });

  it('refuses a javascript: link in client notes', async () => {
    const customer = await buildCustomer(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.uuid}`,
      headers: admin(),
      payload: { notes_delta: scriptLink },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.notes_delta).toEqual([RICH_TEXT_MESSAGES.badLink]);
  });

  it('refuses a bad delta in a request brief and in a rich-text answer', async () => {
    const base = {
      status: 'new',
      subject: 'Newsletter',
      request_type_id: EMAIL_DESIGN,
      project_id: t.plan.uuid,
      requester_id: t.actors.manager.uuid,
    };
    const brief = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: admin(),
      payload: { ...base, answers: { email_type: 'newsletter' }, description_delta: foreignImage },
    });
    expect(brief.statusCode).toBe(422);
    expect(brief.json().errors.description_delta).toEqual([RICH_TEXT_MESSAGES.badImage]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: admin(),
      payload: { ...base, answers: { email_type: 'newsletter', key_message: 'Sale', project_brief: video } },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain(RICH_TEXT_MESSAGES.unsupportedEmbed('video'));
  });

  it('still answers a task and a request whose stored delta predates the rules (written straight to the database)', async () => {
    const task = await buildTask(t.db, { projectId: t.plan.id });
    await t.db.update(tasks).set({ descriptionDelta: video }).where(eq(tasks.id, task.id));
    const shown = await t.app.inject({ url: `/api/tasks/${task.uuid}`, headers: admin() });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.description_delta).toEqual(video);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: admin(),
      payload: {
        status: 'new',
        subject: 'Old brief',
        request_type_id: EMAIL_DESIGN,
        project_id: t.plan.uuid,
        requester_id: t.actors.manager.uuid,
        answers: { email_type: 'newsletter', key_message: 'x', project_brief: { ops: [{ insert: 'ok\n' }] } },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.uuid as string;
    await t.db.update(requests).set({ descriptionDelta: foreignImage }).where(eq(requests.uuid, uuid));
    const detail = await t.app.inject({ url: `/api/requests/${uuid}`, headers: admin() });
    expect(detail.statusCode).toBe(200);
  });
});
