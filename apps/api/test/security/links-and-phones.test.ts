import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildUser } from '../factories';
import { getTestApp, type TestApp } from '../test-app';

/**
 * Issue 17: client links accepted `javascript:` and phones were free text. Only http(s) addresses and E.164 numbers
 * are stored (packages/domain rules/links-and-phones.ts); anything else answers 422 with the field's message.
 */
let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const call = (method: 'POST' | 'PUT', url: string, payload: object, token = admin.token) =>
  app.inject({ method, url, headers: bearer(token), payload });

const SCRIPT_LINKS = ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', '/x'];

describe('client links', () => {
  it('refuses a script or other non-http(s) website and dashboard link, on create and on autosave', async () => {
    const client = await buildCustomer(db);
    for (const field of ['website', 'dashboard_link_1', 'dashboard_link_2']) {
      for (const link of SCRIPT_LINKS) {
        const created = await call('POST', '/api/customers', { business_name: `Bad ${field}`, [field]: link });
        expect(created.statusCode, `${field} ${link}`).toBe(422);
        expect(created.json().errors).toEqual({ [field]: [MESSAGES.invalidUrl] });
        const updated = await call('PUT', `/api/customers/${client.uuid}`, { [field]: link });
        expect(updated.statusCode, `${field} ${link}`).toBe(422);
        expect(updated.json().errors).toEqual({ [field]: [MESSAGES.invalidUrl] });
      }
    }
  });

  it('stores http(s) links trimmed, a blank one as null, and a client phone as E.164', async () => {
    const res = await call('POST', '/api/customers', {
      business_name: 'Good Links',
      website: ' https://goodlinks.test ',
      dashboard_link_1: 'http://dash.goodlinks.test/desktop',
      dashboard_link_2: '',
      phone: '+1 (415) 555-0144',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      website: 'https://goodlinks.test',
      dashboard_link_1: 'http://dash.goodlinks.test/desktop',
      dashboard_link_2: null,
      phone: '+14155550144',
    });
  });

  it('refuses a free-text client phone', async () => {
    const client = await buildCustomer(db);
    const res = await call('PUT', `/api/customers/${client.uuid}`, { phone: 'ask for Bob' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: [MESSAGES.invalidPhone] });
  });
});

describe('contact phones', () => {
  it('refuses free text and numbers without a country code, for staff and for oneself (the SMS dialog)', async () => {
    const person = await buildUser(db, { type: 'freelancer' });
    for (const phone of ['call me maybe', '415 555 0144', '+1 555 0100', 'javascript:alert(1)']) {
      const byAdmin = await call('PUT', `/api/contacts/${person.contactUuid}`, { phone });
      expect(byAdmin.statusCode, phone).toBe(422);
      expect(byAdmin.json().errors).toEqual({ phone: [MESSAGES.invalidPhone] });
      const own = await call(
        'PUT',
        `/api/contacts/${person.contactUuid}`,
        { phone, preferences: { sms_notifications: '1' } },
        person.token,
      );
      expect(own.statusCode, phone).toBe(422);
    }
    const created = await call('POST', '/api/contacts', { name: 'No Code', type: 'contact', phone: '555-0100' });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ phone: [MESSAGES.invalidPhone] });
  });

  it('stores an international number as E.164 and a blank one as null', async () => {
    const person = await buildUser(db, { type: 'freelancer' });
    const own = await call(
      'PUT',
      `/api/contacts/${person.contactUuid}`,
      { phone: '+44 20 7946 0958', preferences: { sms_notifications: '1' } },
      person.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.phone).toBe('+442079460958');
    const cleared = await call('PUT', `/api/contacts/${person.contactUuid}`, { phone: '' });
    expect(cleared.json().data.phone).toBeNull();
  });
});
