import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contacts, formAnswers, mailOutbox, notifications, requestTypes } from '../../db/schema';
import { parseCsv } from '../tables/test-helpers';
import { pngBytes, uploadClient } from '../uploads/test-helpers';
import { answerNotificationsSettled } from './form-notifications';
import { formsApi, QUESTIONS } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;
let api: ReturnType<typeof formsApi>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Ada Admin' });
  api = formsApi(app, admin.token);
});
afterAll(() => close());

const staffAnswer = (formUuid: string, values: object, customerUuid?: string) =>
  api.call('POST', '/api/answers', {
    form_uuid: formUuid,
    values,
    ...(customerUuid ? { customer_uuid: customerUuid } : {}),
  });

describe('staff answers (/submit)', () => {
  it('attaches the answer to the client and records who filled it', async () => {
    const client = await buildCustomer(db);
    const form = await api.publishedForm();
    const res = await staffAnswer(form, { business_name: 'Acme', has_site: 'yes', website: 'acme.test' }, client.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      source: 'staff',
      submitted_by: { uuid: admin.uuid, name: 'Ada Admin' },
      customer: { uuid: client.uuid },
      completion: 75,
      values: { business_name: 'Acme', has_site: 'yes', website: 'acme.test' },
      request_uuid: null,
      converted_customer_uuid: null,
    });
  });

  it('drops the answers of hidden follow-ups and refuses a draft form', async () => {
    const form = await api.publishedForm();
    const res = await staffAnswer(form, { business_name: 'Acme', has_site: 'no', website: 'stale.test' });
    expect(res.json().data.values).toEqual({ business_name: 'Acme', has_site: 'no' });
    const draft = (await api.call('POST', '/api/forms', { name: 'Draft', questions: QUESTIONS })).json().data.uuid;
    const refused = await staffAnswer(draft, { business_name: 'Acme' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.form_uuid).toEqual([MESSAGES.formNotPublished]);
  });

  it('holds the files of upload questions; only the uploader’s own unheld files are accepted', async () => {
    const form = await api.publishedForm({
      questions: [...QUESTIONS, { name: 'logo', label: 'Logo', type: 'upload', optionalLabel: true }],
    });
    const uploads = uploadClient(app);
    const mine = await uploads.upload(admin.token, 'logo.png', await pngBytes());
    const res = await staffAnswer(form, { business_name: 'Acme', logo: [mine] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([mine]);
    // The same file cannot be held twice, and someone else's is an unknown reference.
    const again = await staffAnswer(form, { business_name: 'Acme', logo: [mine] });
    expect(again.json().errors['values.logo']).toEqual([MESSAGES.unknownReference]);
    const other = await buildUser(db, { permissions: PERMISSIONS });
    const theirs = await uploads.upload(other.token, 'theirs.png', await pngBytes());
    expect((await staffAnswer(form, { business_name: 'Acme', logo: [theirs] })).statusCode).toBe(422);
    // Readers of answers may open the file; a freelancer may not.
    const reader = await buildUser(db, { permissions: ['FORMS_READ'] });
    expect((await app.inject({ url: `/api/uploads/${mine}`, headers: bearer(reader.token) })).statusCode).toBe(302);
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: PERMISSIONS });
    expect((await app.inject({ url: `/api/uploads/${mine}`, headers: bearer(freelancer.token) })).statusCode).toBe(404);
  });
});

describe('GET answers', () => {
  it('filters by form, client, source and days; sorts with the id as tie-break; pages', async () => {
    const [a, b] = [await buildCustomer(db, { businessName: 'Aardvark Ltd' }), await buildCustomer(db)];
    const form = await api.publishedForm({ name: 'Paging form' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await staffAnswer(form, { business_name: `C${i}` }, i % 2 ? b.uuid : a.uuid)).json().data.uuid);
    }
    const list = (query: string) => api.call('GET', `/api/answers?filters[form_uuid]=${form}&${query}`);
    const page1 = (await list('page[size]=2&page[number]=1')).json();
    expect(page1.meta).toEqual({ total: 5, current_page: 1, last_page: 3, per_page: 2 });
    expect(page1.data.map((r: { uuid: string }) => r.uuid)).toEqual([made[4], made[3]]);
    const page3 = (await list('page[size]=2&page[number]=3')).json();
    expect(page3.data.map((r: { uuid: string }) => r.uuid)).toEqual([made[0]]);
    const asc = (await list('sort[by]=created_at&sort[direction]=asc')).json().data;
    expect(asc.map((r: { uuid: string }) => r.uuid)).toEqual(made);

    const byClient = (await list('sort[by]=customer&sort[direction]=asc')).json().data;
    expect(byClient.slice(0, 3).map((r: { uuid: string }) => r.uuid)).toEqual([made[0], made[2], made[4]]);
    expect((await list('sort[by]=form&page[size]=2&page[number]=2')).json().data).toHaveLength(2);
    const ofA = (await list(`filters[customer_uuid]=${a.uuid}`)).json().data;
    expect(ofA).toHaveLength(3);
    expect((await list('filters[source]=link')).json().meta.total).toBe(0);
    expect((await list('search_term=aardvark')).json().meta.total).toBe(3);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`filters[date_from]=${tomorrow}`)).json().meta.total).toBe(0);
    const around = await list(`filters[date_from]=2020-01-01&filters[date_to]=${tomorrow}`);
    expect(around.json().meta.total).toBe(5);
    expect(today).toMatch(/^\d{4}/);
    expect((await list('sort[by]=nope')).statusCode).toBe(422);
  });

  it('exports the filtered list as CSV through export-all', async () => {
    const form = await api.publishedForm({ name: '=Formula form' });
    await staffAnswer(form, { business_name: 'Acme' });
    const res = await api.call('GET', `/api/answers/export-all?filters[form_uuid]=${form}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/form-answers-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parseCsv(res.rawPayload);
    expect(rows[0]).toEqual(['Form', 'Version', 'Client', 'Submitted by', 'Completion', 'Submitted']);
    expect(rows[1]?.slice(0, 5)).toEqual(["'=Formula form", '1', '', 'Ada Admin', '33%']);
    const xlsx = await api.call('GET', `/api/answers/export-all?filters[form_uuid]=${form}&format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('POST answers/{uuid}/convert', () => {
  async function requestTypeWith(form: object[]) {
    const [type] = await db
      .insert(requestTypes)
      .values({ name: `Website ${Date.now()}`, form })
      .returning({ id: requestTypes.id });
    if (!type) {
      throw new Error('type not created');
    }
    return type.id;
  }

  it('makes a draft request on the client’s only active plan, filled where the questions match, and links back', async () => {
    const typeId = await requestTypeWith([
      { name: 'business_name', label: 'Company', type: 'input' },
      { name: 'goal', label: 'Goal', type: 'textArea' },
    ]);
    const client = await buildCustomer(db);
    const plan = await buildPlan(db, { customerId: client.id, status: 'active', projectManagerId: admin.id });
    const form = await api.publishedForm();
    const answer = (await staffAnswer(form, { business_name: 'Acme', email: 'a@acme.test' }, client.uuid)).json().data;

    const res = await api.call('POST', `/api/answers/${answer.uuid}/convert`, {
      to: 'request',
      request_type_id: typeId,
    });
    expect(res.statusCode).toBe(200);
    const converted = res.json().data;
    expect(converted).toEqual({ to: 'request', uuid: expect.any(String), link: `/requests/${converted.uuid}` });
    const request = (await api.call('GET', `/api/requests/${converted.uuid}`)).json().data;
    expect(request).toMatchObject({ status: 'draft', project: { uuid: plan.uuid } });
    expect(request.description).toContain('Acme');
    expect(request.description).not.toContain('a@acme.test');
    expect((await api.call('GET', `/api/answers/${answer.uuid}`)).json().data.request_uuid).toBe(converted.uuid);

    const twice = await api.call('POST', `/api/answers/${answer.uuid}/convert`, {
      to: 'request',
      request_type_id: typeId,
    });
    expect(twice.json().message).toBe(MESSAGES.answerAlreadyConverted);
  });

  it('asks for a plan when the client has none or several, and for a type when the form has none', async () => {
    const typeId = await requestTypeWith([{ name: 'business_name', label: 'Company', type: 'input' }]);
    const form = await api.publishedForm();
    const loose = (await staffAnswer(form, { business_name: 'Acme' })).json().data;
    const noClient = await api.call('POST', `/api/answers/${loose.uuid}/convert`, {
      to: 'request',
      request_type_id: typeId,
    });
    expect(noClient.json().errors.project_uuid).toEqual([MESSAGES.answerNeedsCustomer]);
    const noType = await api.call('POST', `/api/answers/${loose.uuid}/convert`, { to: 'request' });
    expect(noType.json().errors.request_type_id).toEqual([MESSAGES.required]);

    const client = await buildCustomer(db);
    await buildPlan(db, { customerId: client.id, status: 'active' });
    await buildPlan(db, { customerId: client.id, status: 'active' });
    const two = (await staffAnswer(form, { business_name: 'Acme' }, client.uuid)).json().data;
    const ambiguous = await api.call('POST', `/api/answers/${two.uuid}/convert`, {
      to: 'request',
      request_type_id: typeId,
    });
    expect(ambiguous.json().errors.project_uuid).toEqual([MESSAGES.answerNoActivePlan]);
  });

  it('a form made from a request type converts into that type by default', async () => {
    const typeId = await requestTypeWith([{ name: 'business_name', label: 'Company', type: 'input' }]);
    const created = (
      await api.call('POST', '/api/forms', { name: 'Service brief', blueprint_key: `request_type_${typeId}` })
    ).json().data;
    await api.call('POST', `/api/forms/${created.uuid}/publish`);
    const client = await buildCustomer(db);
    await buildPlan(db, { customerId: client.id, status: 'active' });
    const answer = (await staffAnswer(created.uuid, { business_name: 'Acme' }, client.uuid)).json().data;
    const res = await api.call('POST', `/api/answers/${answer.uuid}/convert`, { to: 'request' });
    expect(res.statusCode).toBe(200);
    const request = (await api.call('GET', `/api/requests/${res.json().data.uuid}`)).json().data;
    expect(request.request_type.id).toBe(typeId);
  });

  it('makes a client from a new-client form, attaches the answer to it, and needs CUSTOMERS_CREATE', async () => {
    const form = await api.publishedForm();
    const answer = (
      await staffAnswer(form, { business_name: 'Fresh Prospect', email: 'hello@fresh.test', has_site: 'no' })
    ).json().data;
    const clerk = await buildUser(db, { permissions: ['FORMS_READ', 'FORMS_UPDATE'] });
    const denied = await app.inject({
      method: 'POST',
      url: `/api/answers/${answer.uuid}/convert`,
      headers: bearer(clerk.token),
      payload: { to: 'customer' },
    });
    expect(denied.statusCode).toBe(403);

    const res = await api.call('POST', `/api/answers/${answer.uuid}/convert`, { to: 'customer' });
    expect(res.statusCode).toBe(200);
    const { uuid, link } = res.json().data;
    expect(link).toBe(`/clients?client_uuid=${uuid}`);
    const client = (await api.call('GET', `/api/customers/${uuid}`)).json().data;
    expect(client).toMatchObject({ business_name: 'Fresh Prospect', email: 'hello@fresh.test', status: 'active' });
    const after = (await api.call('GET', `/api/answers/${answer.uuid}`)).json().data;
    expect(after).toMatchObject({ converted_customer_uuid: uuid, customer: { uuid } });
    expect((await api.call('POST', `/api/answers/${answer.uuid}/convert`, { to: 'customer' })).statusCode).toBe(422);
  });

  it('refuses a client from an answer without a company name', async () => {
    const form = await api.publishedForm({
      questions: [{ name: 'score', label: 'Score', type: 'input', inputType: 'number', required: true }],
    });
    const answer = (await staffAnswer(form, { score: '9' })).json().data;
    const res = await api.call('POST', `/api/answers/${answer.uuid}/convert`, { to: 'customer' });
    expect(res.json().errors.to).toEqual([MESSAGES.answerNeedsBusinessName]);
  });
});

describe('a new answer notifies', () => {
  async function setEmail(userId: number, value: '1' | '0') {
    await db
      .update(contacts)
      .set({ preferences: { email_notifications: value, sms_notifications: null, push_notifications: '0' } })
      .where(eq(contacts.userId, userId));
  }
  const bell = (userId: number, resourceId: string) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId)))
      .then((rows) => rows.filter((r) => r.data.resource_id === resourceId));

  it('the form’s owner and the client’s plan managers (bell, e-mail by preference), not the actor or outsiders', async () => {
    const owner = await buildUser(db, { permissions: PERMISSIONS });
    const manager = await buildUser(db, { permissions: PERMISSIONS });
    const quietManager = await buildUser(db, { permissions: PERMISSIONS });
    const noFormsManager = await buildUser(db, { permissions: ['PROJECTS_READ'] });
    const otherManager = await buildUser(db, { permissions: PERMISSIONS });
    await setEmail(owner.id, '1');
    await setEmail(manager.id, '1');
    await setEmail(quietManager.id, '0');
    const client = await buildCustomer(db, { businessName: 'Notified Client' });
    await buildPlan(db, { customerId: client.id, status: 'active', projectManagerId: manager.id });
    await buildPlan(db, { customerId: client.id, status: 'active', projectManagerId: quietManager.id });
    await buildPlan(db, { customerId: client.id, status: 'active', projectManagerId: noFormsManager.id });
    await buildPlan(db, { status: 'active', projectManagerId: otherManager.id });

    const ownerApi = formsApi(app, owner.token);
    const form = await ownerApi.publishedForm({ name: 'Kick-off questions' });
    const token = await ownerApi.shareLink(form, { customer_uuid: client.uuid });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/public/forms/${token}/answers`,
      payload: { values: { business_name: 'Acme' } },
    });
    expect(sent.statusCode).toBe(200);
    await answerNotificationsSettled(app.ctx.events);
    const [answer] = await db.select().from(formAnswers).where(eq(formAnswers.customerId, client.id));
    const uuid = answer?.uuid ?? '';

    for (const person of [owner, manager, quietManager]) {
      const [note] = await bell(person.id, uuid);
      expect(note).toMatchObject({
        type: 'form_answer_received',
        data: {
          title: MESSAGES.formAnswerReceivedTitle,
          sub_title: 'Kick-off questions',
          content: 'Notified Client',
          action_url: `/forms/submissions?answer_uuid=${uuid}`,
        },
      });
    }
    expect(await bell(noFormsManager.id, uuid)).toEqual([]);
    expect(await bell(otherManager.id, uuid)).toEqual([]);
    const mails = await db.select().from(mailOutbox);
    const to = (email: string) => mails.filter((m) => m.toAddress === email).length;
    expect(to(owner.email)).toBe(1);
    expect(to(manager.email)).toBe(1);
    expect(to(quietManager.email)).toBe(0);

    // Staff filling the form themselves are not told about their own answer.
    const own = (
      await ownerApi.call('POST', '/api/answers', { form_uuid: form, values: { business_name: 'Mine' } })
    ).json().data;
    await answerNotificationsSettled(app.ctx.events);
    expect(await bell(owner.id, own.uuid)).toEqual([]);
    expect(await bell(manager.id, own.uuid)).toHaveLength(0);
  });
});
