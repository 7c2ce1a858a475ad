import { ADMINISTRATION_MESSAGES, PERMISSIONS, type Permission } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';
import { PDF_BYTES, pngBytes, startStorage, uploadClient } from '../uploads/test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let stopStorage: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;

beforeAll(async () => {
  const storage = await startStorage('local');
  stopStorage = storage.stop;
  const ctx = await getTestApp({ env: storage.env });
  ({ app, close, db } = ctx);
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Olivia Owner' });
});
afterAll(async () => {
  await close();
  await stopStorage();
});

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const put = (payload: object, token = admin.token) => call(token, 'PUT', '/api/administration', payload);

const RATES = { billable: 15_000, 'non-billable': 9_500, 'sgm-non-billable': 0 };

describe('billing and invoice settings', () => {
  it('starts as one agency-wide row with USD and zero rates', async () => {
    const res = await call(admin.token, 'GET', '/api/administration');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      currency: 'USD',
      logo: null,
      logo_url: null,
      invoice_prefix: 'INV-',
      next_invoice_number: 1,
      payment_terms_days: 30,
      hourly_rates: { billable: 0, 'non-billable': 0, 'sgm-non-billable': 0 },
    });
  });

  it('saves every field with the snake_case names and answers them back', async () => {
    const res = await put({
      legal_name: '  Brightside Digital LLC ',
      address: '210 Market St\nSuite 4\nPortland, OR 97204',
      tax_id: 'EIN 12-3456789',
      invoice_prefix: 'BSD-',
      next_invoice_number: 1042,
      payment_terms_days: 14,
      currency: 'USD',
      hourly_rates: RATES,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      legal_name: 'Brightside Digital LLC',
      address: '210 Market St\nSuite 4\nPortland, OR 97204',
      tax_id: 'EIN 12-3456789',
      invoice_prefix: 'BSD-',
      next_invoice_number: 1042,
      payment_terms_days: 14,
      hourly_rates: RATES,
    });
    // A subset keeps the rest; an empty tax id is stored as none.
    const partial = await put({ payment_terms_days: 30, tax_id: '' });
    expect(partial.json().data).toMatchObject({ payment_terms_days: 30, tax_id: null, next_invoice_number: 1042 });
  });

  it.each([
    [{ legal_name: '   ' }, 'legal_name', ADMINISTRATION_MESSAGES.legalNameRequired],
    [{ legal_name: 'x'.repeat(201) }, 'legal_name', ADMINISTRATION_MESSAGES.legalNameTooLong],
    [{ legal_name: 'Bad\u0007Bell' }, 'legal_name', ADMINISTRATION_MESSAGES.controlCharacters],
    [{ address: 'a'.repeat(501) }, 'address', ADMINISTRATION_MESSAGES.addressTooLong],
    [{ tax_id: '12<script>' }, 'tax_id', ADMINISTRATION_MESSAGES.taxIdFormat],
    [{ tax_id: '1'.repeat(51) }, 'tax_id', ADMINISTRATION_MESSAGES.taxIdTooLong],
    [{ invoice_prefix: 'inv_' }, 'invoice_prefix', ADMINISTRATION_MESSAGES.invoicePrefixFormat],
    [{ invoice_prefix: 'ABCDEFGHIJK' }, 'invoice_prefix', ADMINISTRATION_MESSAGES.invoicePrefixFormat],
    [{ next_invoice_number: 0 }, 'next_invoice_number', ADMINISTRATION_MESSAGES.nextInvoiceNumber],
    [{ next_invoice_number: 1.5 }, 'next_invoice_number', ADMINISTRATION_MESSAGES.nextInvoiceNumber],
    [{ payment_terms_days: -1 }, 'payment_terms_days', ADMINISTRATION_MESSAGES.paymentTerms],
    [{ payment_terms_days: 366 }, 'payment_terms_days', ADMINISTRATION_MESSAGES.paymentTerms],
    [{ currency: 'EUR' }, 'currency', ADMINISTRATION_MESSAGES.currency],
    [{ hourly_rates: { ...RATES, billable: 12.5 } }, 'hourly_rates.billable', ADMINISTRATION_MESSAGES.rate],
    [{ hourly_rates: { ...RATES, 'non-billable': -1 } }, 'hourly_rates.non-billable', ADMINISTRATION_MESSAGES.rate],
    [
      { hourly_rates: { ...RATES, 'sgm-non-billable': 1_000_001 } },
      'hourly_rates.sgm-non-billable',
      ADMINISTRATION_MESSAGES.rate,
    ],
  ])('refuses %j with the message on %s', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('takes the logo from the caller’s own finished image upload and answers its URL; a PDF is refused', async () => {
    const uploads = uploadClient(app);
    const logo = await uploads.upload(admin.token, 'logo.png', await pngBytes());
    const res = await put({ logo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ logo, logo_url: `/api/uploads/${logo}` });
    const served = await call(admin.token, 'GET', `/api/uploads/${logo}`);
    expect(served.statusCode).toBeLessThan(400);

    const pdf = await uploads.upload(admin.token, 'terms.pdf', PDF_BYTES);
    const refused = await put({ logo: pdf });
    expect(refused.json().errors.logo).toEqual([ADMINISTRATION_MESSAGES.logoNotImage]);
    // Someone else's upload looks like an unknown one.
    const other = await buildUser(db, { permissions: ['CHARGES_READ', 'CHARGES_UPDATE'] });
    const theirs = await uploads.upload(other.token, 'theirs.png', await pngBytes());
    expect((await put({ logo: theirs })).statusCode).toBe(422);
    expect((await call(admin.token, 'GET', '/api/administration')).json().data.logo).toBe(logo);

    const removed = await put({ logo: null });
    expect(removed.json().data).toMatchObject({ logo: null, logo_url: null });
  });

  it('writes an audit entry naming the changed fields, never their values', async () => {
    await put({ invoice_prefix: 'AUD-', next_invoice_number: 77 });
    // The trail is written by a listener after the commit.
    const latest = async () =>
      (await db.select().from(auditLogs).where(eq(auditLogs.actorId, admin.id)).orderBy(auditLogs.id))
        .filter((row) => row.action === 'administration_updated')
        .at(-1);
    await expect
      .poll(async () => (await latest())?.details)
      .toEqual({ fields: ['invoice_prefix', 'next_invoice_number'] });
    const entry = await latest();
    expect(entry?.subjectLabel).toBe('Billing and invoice settings');
    expect(entry?.details).toEqual({ fields: ['invoice_prefix', 'next_invoice_number'] });
    expect(JSON.stringify(entry)).not.toContain('AUD-');
  });
});

describe('who may see and change them', () => {
  it('lets CHARGES_READ read but not change; CHARGES_UPDATE changes; freelancers and clients are refused', async () => {
    const reader = await buildUser(db, { permissions: ['CHARGES_READ'] satisfies Permission[] });
    expect((await call(reader.token, 'GET', '/api/administration')).statusCode).toBe(200);
    expect((await put({ payment_terms_days: 10 }, reader.token)).statusCode).toBe(403);
    const writer = await buildUser(db, { permissions: ['CHARGES_UPDATE'] satisfies Permission[] });
    expect((await put({ payment_terms_days: 10 }, writer.token)).statusCode).toBe(200);
    const nobody = await buildUser(db, { permissions: ['TASKS_READ'] satisfies Permission[] });
    expect((await call(nobody.token, 'GET', '/api/administration')).statusCode).toBe(403);
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['CHARGES_READ'] });
    expect((await call(freelancer.token, 'GET', '/api/administration')).statusCode).toBe(403);
    const contact = await buildUser(db, { type: 'contact' });
    expect((await call(contact.token, 'GET', '/api/administration')).statusCode).toBe(403);
  });
});

describe('plan rate overrides', () => {
  it('stores a plan’s own rates, lists the plans that have any, and clears one with null', async () => {
    const plan = await buildPlan(db, { title: 'Acme retainer' });
    const url = `/api/administration/plan-rates/${plan.uuid}`;
    const set = await call(admin.token, 'PUT', url, { hourly_rates: { billable: 20_000, 'non-billable': 5_000 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      project_uuid: plan.uuid,
      title: 'Acme retainer',
      hourly_rates: { billable: 20_000, 'non-billable': 5_000, 'sgm-non-billable': null },
    });
    const listed = await call(admin.token, 'GET', '/api/administration/plan-rates');
    expect(listed.json().data.map((row: { project_uuid: string }) => row.project_uuid)).toContain(plan.uuid);

    const cleared = await call(admin.token, 'PUT', url, { hourly_rates: { billable: 20_000, 'non-billable': null } });
    expect(cleared.json().data.hourly_rates).toEqual({
      billable: 20_000,
      'non-billable': null,
      'sgm-non-billable': null,
    });
    const bad = await call(admin.token, 'PUT', url, { hourly_rates: { billable: -5 } });
    expect(bad.json().errors['hourly_rates.billable']).toEqual([ADMINISTRATION_MESSAGES.rate]);
    const unknown = await call(
      admin.token,
      'PUT',
      '/api/administration/plan-rates/00000000-0000-4000-8000-000000000000',
      {
        hourly_rates: {},
      },
    );
    expect(unknown.statusCode).toBe(404);
    const reader = await buildUser(db, { permissions: ['CHARGES_READ'] satisfies Permission[] });
    expect((await call(reader.token, 'PUT', url, { hourly_rates: {} })).statusCode).toBe(403);
  });
});
