import { FORM_HONEYPOT_FIELD, MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { formAnswers, formShareLinks } from '../../db/schema';
import { pngBytes, uploadClient } from '../uploads/test-helpers';
import { formsApi, QUESTIONS } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let api: ReturnType<typeof formsApi>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({
    env: { FORM_ANSWERS_PER_IP_HOUR: '3', FORM_ANSWERS_PER_LINK_HOUR: '4', FORM_PUBLIC_CALLS_PER_IP_MINUTE: '500' },
  }));
  const admin = await buildUser(db, { permissions: PERMISSIONS });
  api = formsApi(app, admin.token);
});
afterAll(() => close());

let address = 0;
/** A caller from its own address, so the per-address limits of one test do not spill into another. */
function visitor(ip = `203.0.113.${++address}`) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
  return {
    view: (token: string, deviceKey?: string) =>
      call('GET', `/api/public/forms/${token}${deviceKey ? `?device_key=${deviceKey}` : ''}`),
    draft: (token: string, payload: object) => call('PUT', `/api/public/forms/${token}/draft`, payload),
    answer: (token: string, payload: object) => call('POST', `/api/public/forms/${token}/answers`, payload),
  };
}

const DEVICE = 'device-key-0123456789abcdef';

describe('the public page of a share link', () => {
  it('shows the latest version with the thank-you text and the client name, and nothing that identifies records', async () => {
    const client = await buildCustomer(db, { businessName: 'Brighton Bakery' });
    const form = await api.publishedForm({ name: 'Welcome', thank_you_text: 'See you soon' });
    const token = await api.shareLink(form, { customer_uuid: client.uuid });
    const res = await visitor().view(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      ['customer_name', 'description', 'draft', 'expires_at', 'name', 'questions', 'thank_you_text'].sort(),
    );
    expect(data).toMatchObject({ name: 'Welcome', thank_you_text: 'See you soon', customer_name: 'Brighton Bakery' });
    expect(res.body).not.toContain(form);
    expect(res.body).not.toContain(client.uuid);
  });

  it('saves a partial answer per device and resumes it on that device only', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    const person = visitor();
    const saved = await person.draft(token, {
      device_key: DEVICE,
      values: { business_name: 'Half typed', not_a_question: 'dropped' },
    });
    expect(saved.statusCode).toBe(200);
    const resumed = (await person.view(token, DEVICE)).json().data.draft;
    expect(resumed).toEqual({ values: { business_name: 'Half typed' }, saved_at: saved.json().data.saved_at });
    expect((await person.view(token, 'another-device-0123456789')).json().data.draft).toBeNull();
    expect((await person.view(token)).json().data.draft).toBeNull();

    // Submitting from that device clears its draft.
    const done = await person.answer(token, { device_key: DEVICE, values: { business_name: 'Done' } });
    expect(done.statusCode).toBe(200);
    expect((await person.view(token, DEVICE)).json().data.draft).toBeNull();
  });
});

describe('public answers', () => {
  it('answers 422 with a message per question from the shared engine', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    const res = await visitor().answer(token, { values: { email: 'nope', has_site: 'yes', extra: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'values.business_name': [MESSAGES.required],
      'values.email': [MESSAGES.invalidEmail],
      'values.website': [MESSAGES.required],
      'values.extra': [MESSAGES.unknownQuestion],
    });
  });

  it('stores an answer on the link’s client with its completion, and thanks the person', async () => {
    const client = await buildCustomer(db);
    const form = await api.publishedForm({ thank_you_text: 'Thank you!' });
    const token = await api.shareLink(form, { customer_uuid: client.uuid });
    const res = await visitor().answer(token, { values: { business_name: 'Acme', has_site: 'no' } });
    expect(res.json()).toEqual({ data: { thank_you_text: 'Thank you!' } });
    const list = (await api.call('GET', `/api/answers?filters[form_uuid]=${form}`)).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        source: 'link',
        submitted_by: null,
        customer: { uuid: client.uuid, business_name: client.businessName },
        // business_name and has_site of the three questions shown (the website follow-up stays hidden).
        completion: 66,
      }),
    ]);
  });

  it('thanks a bot that fills the honeypot and stores nothing', async () => {
    const form = await api.publishedForm({ thank_you_text: 'Thanks' });
    const token = await api.shareLink(form);
    const res = await visitor().answer(token, {
      values: { business_name: 'Spam' },
      [FORM_HONEYPOT_FIELD]: 'http://spam.example',
    });
    expect(res.json()).toEqual({ data: { thank_you_text: 'Thanks' } });
    expect((await api.call('GET', `/api/answers?filters[form_uuid]=${form}`)).json().meta.total).toBe(0);
  });

  it('refuses bodies over the size cap with 413', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    const huge = 'x'.repeat(300 * 1024);
    const person = visitor();
    expect((await person.answer(token, { values: { business_name: huge } })).statusCode).toBe(413);
    expect((await person.draft(token, { device_key: DEVICE, values: { business_name: huge } })).statusCode).toBe(413);
  });

  it('limits answers per address and per link (429 with Retry-After)', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    const person = visitor();
    for (let i = 0; i < 3; i++) {
      expect((await person.answer(token, { values: { business_name: `A${i}` } })).statusCode).toBe(200);
    }
    const fourth = await person.answer(token, { values: { business_name: 'A3' } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    // The link's own budget (4 an hour) runs out whoever answers.
    expect((await visitor().answer(token, { values: { business_name: 'B' } })).statusCode).toBe(200);
    expect((await visitor().answer(token, { values: { business_name: 'C' } })).statusCode).toBe(429);
    expect((await api.call('GET', `/api/answers?filters[form_uuid]=${form}`)).json().meta.total).toBe(4);
  });
});

describe('links that cannot be used', () => {
  it('says when a link was revoked or has expired, and an unknown token is 404', async () => {
    const form = await api.publishedForm();
    const revoked = await api.shareLink(form);
    await api.call('DELETE', `/api/share-links/${revoked}`);
    const person = visitor();
    for (const res of [
      await person.view(revoked),
      await person.draft(revoked, { device_key: DEVICE, values: {} }),
      await person.answer(revoked, { values: { business_name: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(MESSAGES.formLinkRevoked);
    }

    const expiring = (
      await api.call('POST', `/api/forms/${form}/share-links`, {
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json().data;
    expect((await person.view(expiring.token)).statusCode).toBe(200);
    await db
      .update(formShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formShareLinks.uuid, expiring.uuid));
    const expired = await person.answer(expiring.token, { values: { business_name: 'x' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(MESSAGES.formLinkExpired);

    const unknown = await person.view('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.formLinkNotFound);
  });

  it('closes every link of an archived or private form', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    await api.call('PUT', `/api/forms/${form}`, { archived: true });
    expect((await visitor().view(token)).json().message).toBe(MESSAGES.formClosed);
    await api.call('PUT', `/api/forms/${form}`, { archived: false, is_public: false });
    expect((await visitor().view(token)).statusCode).toBe(410);
  });
});

describe('a token of one client never reaches another client', () => {
  it('answers through a link always land on that link’s client, whatever the body says', async () => {
    const [northwind, contoso] = [await buildCustomer(db), await buildCustomer(db)];
    const form = await api.publishedForm();
    const forNorthwind = await api.shareLink(form, { customer_uuid: northwind.uuid });
    const forContoso = await api.shareLink(form, { customer_uuid: contoso.uuid });

    const page = await visitor().view(forNorthwind);
    expect(page.json().data.customer_name).toBe(northwind.businessName);
    expect(page.body).not.toContain(contoso.businessName);

    // Extra fields naming another client or form are not part of the public body and change nothing.
    const res = await visitor().answer(forNorthwind, {
      values: { business_name: 'Acme' },
      customer_uuid: contoso.uuid,
      form_uuid: form,
    } as object);
    expect(res.statusCode).toBe(200);
    const rows = await db.select().from(formAnswers);
    const linked = rows.filter((r) => r.shareLinkId !== null);
    expect(linked.at(-1)?.customerId).toBe(northwind.id);

    // A draft saved through one client's link is not read through another's, even with the same device key.
    const person = visitor();
    await person.draft(forNorthwind, { device_key: DEVICE, values: { business_name: 'Northwind secret' } });
    const other = await person.view(forContoso, DEVICE);
    expect(other.json().data.draft).toBeNull();
    expect(other.body).not.toContain('Northwind secret');
    expect(other.body).not.toContain(northwind.businessName);
  });
});

describe('files through a share link', () => {
  /** Presigns through the public route and PUTs the bytes to the local driver's signed URL; answers the uuid. */
  async function send(token: string, deviceKey: string) {
    const body = await pngBytes();
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/forms/${token}/uploads`,
      remoteAddress: '198.51.100.7',
      payload: { device_key: deviceKey, name: 'logo.png', extension: 'png', size: body.length },
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json() as { uuid: string; url: string; headers: Record<string, string> };
    const put = await uploadClient(app).put(target, body);
    expect(put.status).toBe(200);
    return target.uuid;
  }

  it('uploads through the pre-signed flow scoped to the link and device, and the answer holds the file', async () => {
    const form = await api.publishedForm({
      questions: [...QUESTIONS, { name: 'logo', label: 'Logo', type: 'upload', optionalLabel: true }],
    });
    const token = await api.shareLink(form);
    const other = await api.shareLink(form);
    const file = await send(token, DEVICE);

    const values = { business_name: 'Acme', logo: [file] };
    // Not without the device that uploaded it, nor from another device or through another link (each attempt from
    // its own address: this app allows 3 answers an hour per address).
    expect((await visitor().answer(token, { values })).json().errors).toEqual({
      'values.logo': [MESSAGES.unknownReference],
    });
    expect((await visitor().answer(token, { values, device_key: 'another-device-0123456789' })).json().errors).toEqual({
      'values.logo': [MESSAGES.unknownReference],
    });
    expect((await visitor().answer(other, { values, device_key: DEVICE })).statusCode).toBe(422);

    expect((await visitor().answer(token, { values, device_key: DEVICE })).statusCode).toBe(200);
    const [row] = (await api.call('GET', `/api/answers?filters[form_uuid]=${form}`)).json().data;
    const detail = (await api.call('GET', `/api/answers/${row.uuid}`)).json().data;
    expect(detail.uploads.map((u: { uuid: string; name: string }) => [u.uuid, u.name])).toEqual([[file, 'logo.png']]);
    // Held once: a second answer cannot take the same file.
    expect((await visitor().answer(token, { values, device_key: DEVICE })).statusCode).toBe(422);
  });

  it('caps a link upload’s size below the server’s and refuses closed links', async () => {
    const form = await api.publishedForm();
    const token = await api.shareLink(form);
    const big = await app.inject({
      method: 'POST',
      url: `/api/public/forms/${token}/uploads`,
      payload: { device_key: DEVICE, name: 'movie.mp4', extension: 'mp4', size: 26 * 1024 * 1024 },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.size).toEqual([MESSAGES.uploadTooLarge(25)]);
    await api.call('DELETE', `/api/share-links/${token}`);
    const closed = await app.inject({
      method: 'POST',
      url: `/api/public/forms/${token}/uploads`,
      payload: { device_key: DEVICE, name: 'a.png', extension: 'png', size: 10 },
    });
    expect(closed.statusCode).toBe(410);
  });
});
