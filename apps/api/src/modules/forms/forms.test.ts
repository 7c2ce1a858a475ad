import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { formShareLinks } from '../../db/schema';
import { formsApi, QUESTIONS } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;
let api: ReturnType<typeof formsApi>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Olivia Owner' });
  api = formsApi(app, admin.token);
});
afterAll(() => close());

const answer = (formUuid: string, values: object) => api.call('POST', '/api/answers', { form_uuid: formUuid, values });

describe('forms CRUD', () => {
  it('creates a draft owned by its creator, reads it back and lists it', async () => {
    const res = await api.call('POST', '/api/forms', {
      name: '  Kick-off  ',
      description: 'Before we start',
      thank_you_text: 'Thanks!',
      is_public: false,
      questions: QUESTIONS,
    });
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({
      name: 'Kick-off',
      description: 'Before we start',
      thank_you_text: 'Thanks!',
      is_public: false,
      status: 'draft',
      latest_version: null,
      has_unpublished_changes: true,
      answers_count: 0,
      owner: { uuid: admin.uuid, name: 'Olivia Owner' },
      versions: [],
      share_links: [],
    });
    expect(form.questions).toEqual(QUESTIONS);
    const list = await api.call('GET', '/api/forms?search_term=kick&page[size]=10');
    expect(list.json().data.map((f: { uuid: string }) => f.uuid)).toContain(form.uuid);
    expect(list.json().data[0]).not.toHaveProperty('questions');
  });

  it('refuses incoherent questions (a follow-up naming no question) and unknown sort fields', async () => {
    const broken = await api.call('POST', '/api/forms', {
      name: 'Broken',
      questions: [{ name: 'a', label: 'A', type: 'input', visible: { field: 'missing', values: ['x'] } }],
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.questions).toEqual([MESSAGES.invalidForm]);
    expect((await api.call('GET', '/api/forms?sort[by]=owner')).statusCode).toBe(422);
  });

  it('starts from a blueprint, built-in or made from a request type', async () => {
    const blueprints = (await api.call('GET', '/api/form-blueprints')).json().data as {
      key: string;
      source: string;
      questions: unknown[];
    }[];
    const keys = blueprints.map((b) => b.key);
    for (const key of [
      'client_information',
      'brand_questionnaire',
      'website_brief',
      'social_media_access',
      'advertising_account_access',
      'feedback_nps',
    ]) {
      expect(keys).toContain(key);
    }
    const fromType = blueprints.find((b) => b.source === 'request_type');
    expect(fromType?.questions.length).toBeGreaterThan(0);
    const res = await api.call('POST', '/api/forms', { name: 'From a service', blueprint_key: fromType?.key });
    expect(res.json().data.questions).toEqual(fromType?.questions);
    const unknown = await api.call('POST', '/api/forms', { name: 'x', blueprint_key: 'nope' });
    expect(unknown.json().errors.blueprint_key).toEqual([MESSAGES.unknownReference]);
  });
});

describe('versioning', () => {
  it('freezes versions on publish; edits change only the draft; answers keep the version they answered', async () => {
    const uuid = await api.publishedForm();
    const v1 = (await api.call('GET', `/api/forms/${uuid}`)).json().data;
    expect(v1).toMatchObject({ status: 'published', latest_version: { number: 1 }, has_unpublished_changes: false });
    expect((await api.call('POST', `/api/forms/${uuid}/publish`)).json().message).toBe(MESSAGES.formNothingToPublish);

    const first = await answer(uuid, { business_name: 'Acme' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version.number).toBe(1);

    const edited = [...QUESTIONS, { name: 'budget', label: 'Budget', type: 'input', mask: 'currency' }];
    const put = await api.call('PUT', `/api/forms/${uuid}`, { questions: edited });
    expect(put.json().data).toMatchObject({ has_unpublished_changes: true, latest_version: { number: 1 } });
    // Until published, new answers still answer version 1, which does not know the new question.
    const early = await answer(uuid, { business_name: 'Acme', budget: '10' });
    expect(early.json().errors).toEqual({ 'values.budget': [MESSAGES.unknownQuestion] });

    await api.call('POST', `/api/forms/${uuid}/publish`);
    const second = await answer(uuid, { business_name: 'Acme', budget: '10' });
    expect(second.json().data.version.number).toBe(2);

    const detail = (await api.call('GET', `/api/forms/${uuid}`)).json().data;
    expect(detail.versions.map((v: { number: number; answers_count: number }) => [v.number, v.answers_count])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    expect(detail.versions[1].questions).toEqual(QUESTIONS);
    // The first answer still shows the questions it answered.
    const old = (await api.call('GET', `/api/answers/${first.json().data.uuid}`)).json().data;
    expect(old.questions).toEqual(QUESTIONS);
    expect(old.values).toEqual({ business_name: 'Acme' });
  });

  it('will not publish a form without an answerable question', async () => {
    const res = await api.call('POST', '/api/forms', {
      name: 'Only a title',
      questions: [{ name: 'intro', label: 'Hello', type: 'header' }],
    });
    const publish = await api.call('POST', `/api/forms/${res.json().data.uuid}/publish`);
    expect(publish.statusCode).toBe(422);
    expect(publish.json().errors.questions).toEqual([MESSAGES.required]);
  });
});

describe('archive instead of delete', () => {
  it('deletes a form nobody answered, but one with answers only archives, and an archived form takes no answers', async () => {
    const unanswered = await api.publishedForm();
    expect((await api.call('DELETE', `/api/forms/${unanswered}`)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/forms/${unanswered}`)).statusCode).toBe(404);

    const uuid = await api.publishedForm();
    await answer(uuid, { business_name: 'Acme' });
    const refused = await api.call('DELETE', `/api/forms/${uuid}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.formHasAnswers);

    const archived = await api.call('PUT', `/api/forms/${uuid}`, { archived: true });
    expect(archived.json().data.status).toBe('archived');
    const late = await answer(uuid, { business_name: 'Acme' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.form_uuid).toEqual([MESSAGES.formClosed]);
    expect((await api.call('POST', `/api/forms/${uuid}/publish`)).json().message).toBe(MESSAGES.formClosed);

    const reopened = await api.call('PUT', `/api/forms/${uuid}`, { archived: false });
    expect(reopened.json().data.status).toBe('published');
  });
});

describe('share links', () => {
  it('answers the plain token once, stores only its hash and lists the link by uuid and hint', async () => {
    const uuid = await api.publishedForm();
    const client = await buildCustomer(db, { businessName: 'Linked Client' });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const res = await api.call('POST', `/api/forms/${uuid}/share-links`, {
      customer_uuid: client.uuid,
      expires_at: expires,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.url).toBe(`http://portal.test/f/${created.token}`);
    expect(created.expires_at).toBe(expires);
    const [row] = await db.select().from(formShareLinks).where(eq(formShareLinks.uuid, created.uuid));
    expect(row?.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token);

    const detail = (await api.call('GET', `/api/forms/${uuid}`)).json().data;
    expect(detail.share_links).toEqual([
      {
        uuid: created.uuid,
        token_hint: created.token.slice(-4),
        customer: { uuid: client.uuid, business_name: 'Linked Client' },
        expires_at: expires,
        revoked_at: null,
        created_at: expect.any(String),
        answers_count: 0,
      },
    ]);
    expect(JSON.stringify(detail)).not.toContain(created.token);
  });

  it('refuses links to private, unpublished forms, unknown clients and past expiries', async () => {
    const privateForm = await api.publishedForm({ is_public: false });
    expect((await api.call('POST', `/api/forms/${privateForm}/share-links`, {})).json().message).toBe(
      MESSAGES.formNotPublic,
    );
    const draft = (await api.call('POST', '/api/forms', { name: 'Draft', questions: QUESTIONS })).json().data.uuid;
    expect((await api.call('POST', `/api/forms/${draft}/share-links`, {})).json().message).toBe(
      MESSAGES.formNotPublished,
    );
    const open = await api.publishedForm();
    const noClient = await api.call('POST', `/api/forms/${open}/share-links`, {
      customer_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(noClient.json().errors.customer_uuid).toEqual([MESSAGES.unknownReference]);
    const past = await api.call('POST', `/api/forms/${open}/share-links`, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.json().errors.expires_at).toEqual([MESSAGES.expiryInPast]);
  });

  it('revokes by token or by the link uuid; an unknown one is 404', async () => {
    const uuid = await api.publishedForm();
    const token = await api.shareLink(uuid);
    expect((await api.call('DELETE', `/api/share-links/${token}`)).json().message).toBe(MESSAGES.shareLinkRevoked);
    const second = (await api.call('POST', `/api/forms/${uuid}/share-links`, {})).json().data;
    expect((await api.call('DELETE', `/api/share-links/${second.uuid}`)).statusCode).toBe(200);
    const links = (await api.call('GET', `/api/forms/${uuid}`)).json().data.share_links;
    expect(links.every((l: { revoked_at: string | null }) => l.revoked_at !== null)).toBe(true);
    expect((await api.call('DELETE', '/api/share-links/not-a-token')).statusCode).toBe(404);
  });
});
