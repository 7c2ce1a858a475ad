import { BILLING_MESSAGES, PERMISSIONS } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { notifications, stripeEvents, stripeFailedPayments, stripeInvoices, stripeSettings } from '../../db/schema';
import { todayIn } from '../tasks/calendar';
import { listOverdueInvoices, runOverdueNotices } from './overdue';
import { processStripeEvents } from './stripe-events';
import { upsertInvoice } from './stripe-records';

/*
 * Stripe is a local HTTP server speaking its REST API (test/fake-stripe.ts), reached by the real `stripe` SDK through
 * STRIPE_API_BASE_URL; webhooks are signed with the SDK's own generateTestHeaderString. Nothing calls the internet.
 */

const WEBHOOK_SECRET = 'whsec_testSecretValue0123456789';
const sdk = new Stripe('sk_test_signing_only', { telemetry: false });
const logLines: string[] = [];
let stripe: FakeStripe;
let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let admin: BuiltUser;
const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ app, db, close } = await getTestApp({
    env: { STRIPE_API_BASE_URL: stripe.url },
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  }));
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(async () => {
  await close();
  await stripe.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let counter = 0;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

function invoice(fields: Record<string, unknown> = {}) {
  counter++;
  return {
    id: `in_${counter}`,
    object: 'invoice',
    customer: `cus_${counter}`,
    customer_email: null,
    number: `INV-${1000 + counter}`,
    amount_due: 125_000,
    amount_remaining: 125_000,
    currency: 'usd',
    due_date: nowSeconds() - 8 * DAY,
    status: 'open',
    hosted_invoice_url: `https://invoice.stripe.test/i/${counter}`,
    created: nowSeconds() - 40 * DAY,
    ...fields,
  };
}

function event(type: string, object: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  counter++;
  return {
    id: `evt_${counter}`,
    object: 'event',
    type,
    created: nowSeconds(),
    api_version: '2025-10-29',
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
    ...fields,
  };
}

function deliver(body: object, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const payload = JSON.stringify(body);
  const signature =
    options.signature ??
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function connect() {
  const res = await call('PUT', '/api/billing/stripe', { api_key: stripe.apiKey, webhook_secret: WEBHOOK_SECRET });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('settings', () => {
  it('seals the key and secret, answers only masked hints, and clears them with null', async () => {
    const res = await connect();
    expect(res.body).not.toContain(stripe.apiKey);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
    expect(res.json().data).toMatchObject({
      api_key_set: true,
      api_key_hint: `sk_…${stripe.apiKey.slice(-4)}`,
      webhook_secret_set: true,
      webhook_secret_hint: `whsec_…${WEBHOOK_SECRET.slice(-4)}`,
    });
    const [row] = await db.select().from(stripeSettings);
    expect(row?.apiKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(stripe.apiKey);
    const shown = await call('GET', '/api/billing/stripe');
    expect(shown.body).not.toContain(stripe.apiKey);
    expect(shown.body).not.toContain(WEBHOOK_SECRET);

    const cleared = await call('PUT', '/api/billing/stripe', { api_key: null });
    expect(cleared.json().data).toMatchObject({ api_key_set: false, api_key_hint: null, webhook_secret_set: true });
    await connect();
  });

  it('refuses a value that is not a Stripe key, and people without INTEGRATIONS_UPDATE', async () => {
    const bad = await call('PUT', '/api/billing/stripe', { api_key: 'pk_live_publishable' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.api_key).toEqual([BILLING_MESSAGES.keyShape]);
    const reader = await buildUser(db, { permissions: ['INTEGRATIONS_READ', 'CHARGES_READ'] });
    expect((await call('PUT', '/api/billing/stripe', { overdue_days: 3 }, reader.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/stripe', undefined, reader.token)).statusCode).toBe(200);
  });

  it('tests the connection with a real call to the balance, and says so when Stripe refuses the key', async () => {
    await connect();
    const ok = await call('POST', '/api/billing/stripe/test');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ ok: true, account: 'acct_fake123', available_cents: 123_456 });
    expect(stripe.calls).toContain('GET /v1/balance');

    await call('PUT', '/api/billing/stripe', { api_key: 'sk_test_revokedKey00000' });
    const refused = await call('POST', '/api/billing/stripe/test');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(BILLING_MESSAGES.testFailed);
    await connect();
  });
});

describe('POST webhooks/stripe', () => {
  beforeAll(connect);

  it('refuses a bad signature, a signature made with another secret, and a stale timestamp', async () => {
    const body = event('invoice.finalized', invoice());
    expect((await deliver(body, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    expect((await deliver(body, { secret: 'whsec_someoneElsesSecret123' })).statusCode).toBe(400);
    const stale = await deliver(body, { timestamp: nowSeconds() - 600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(BILLING_MESSAGES.badSignature);
    const stored = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, body.id));
    expect(stored).toHaveLength(0);
  });

  it('records a repeated delivery once and acknowledges both with 200', async () => {
    const body = event('invoice.finalized', invoice());
    const first = await deliver(body);
    const second = await deliver(body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual({ received: true });
    const stored = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, body.id));
    expect(stored).toHaveLength(1);
  });

  it('keeps the invoice current after commit, links the client by e-mail or metadata, and ignores older news', async () => {
    const byEmail = await buildCustomer(db, { email: 'Accounts@Harbor.test' });
    const byMetadata = await buildCustomer(db);
    stripe.customers.set('cus_meta', {
      id: 'cus_meta',
      email: null,
      metadata: { portal_customer_uuid: byMetadata.uuid },
    });
    const emailed = invoice({ customer_email: 'accounts@harbor.test' });
    const tagged = invoice({ customer: 'cus_meta' });
    await deliver(event('invoice.finalized', emailed));
    await deliver(event('invoice.finalized', tagged));
    await processStripeEvents(app.ctx, silentLog);

    const listed = await call('GET', `/api/overdue-invoices?filters[customer_uuid]=${byEmail.uuid}`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        customer: { uuid: byEmail.uuid, business_name: byEmail.businessName },
        number: emailed.number,
        amount_remaining_cents: 125_000,
        status: 'open',
        days_overdue: 8,
        hosted_invoice_url: emailed.hosted_invoice_url,
      }),
    ]);
    const [linked] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.stripeId, tagged.id));
    expect(linked?.customerId).toBe(byMetadata.id);

    const paid = event('invoice.paid', { ...emailed, status: 'paid', amount_remaining: 0 });
    const olderNews = event('invoice.updated', emailed, { created: nowSeconds() - DAY });
    await deliver(paid);
    await deliver(olderNews);
    await processStripeEvents(app.ctx, silentLog);
    const [row] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.stripeId, emailed.id));
    expect(row).toMatchObject({ status: 'paid', amountRemainingCents: 0 });
    const after = await call('GET', `/api/overdue-invoices?filters[customer_uuid]=${byEmail.uuid}`);
    expect(after.json().data).toEqual([]);
  });

  it('records one failed payment for the events of one failed attempt, with its reason', async () => {
    const client = await buildCustomer(db, { email: 'pay@failing.test' });
    const failing = invoice({ customer_email: 'pay@failing.test', customer: 'cus_failing' });
    await deliver(event('invoice.finalized', failing));
    await processStripeEvents(app.ctx, silentLog);
    await deliver(
      event('payment_intent.payment_failed', {
        id: 'pi_failing',
        object: 'payment_intent',
        amount: 125_000,
        customer: 'cus_failing',
        invoice: failing.id,
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    await deliver(
      event('charge.failed', {
        id: 'ch_failing',
        object: 'charge',
        amount: 125_000,
        customer: 'cus_failing',
        payment_intent: 'pi_failing',
        failure_message: 'Your card was declined.',
      }),
    );
    await processStripeEvents(app.ctx, silentLog);
    const rows = await db.select().from(stripeFailedPayments).where(eq(stripeFailedPayments.customerId, client.id));
    expect(rows).toHaveLength(1);
    const listed = await call('GET', `/api/failed-payments?filters[customer_uuid]=${client.uuid}`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        customer: { uuid: client.uuid, business_name: client.businessName },
        invoice_number: failing.number,
        amount_cents: 125_000,
        reason: 'Your card was declined.',
      }),
    ]);
  });
});

describe('overdue across time zones', () => {
  const query = { page: { size: 50, number: 1 } };

  it("takes the due day in the agency's zone and counts it overdue only once that day has ended there", async () => {
    const client = await buildCustomer(db);
    // Stripe's due timestamp 2026-03-10 03:00 UTC is the 9th in New York and the 10th in Berlin.
    const due = Date.UTC(2026, 2, 10, 3) / 1000;
    await upsertInvoice(
      db,
      invoice({ id: 'in_tz_ny', customer: null, due_date: due }) as never,
      new Date(),
      'America/New_York',
    );
    const [ny] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.stripeId, 'in_tz_ny'));
    expect(ny?.dueDate).toBe('2026-03-09');
    await upsertInvoice(db, invoice({ id: 'in_tz_be', due_date: due }) as never, new Date(), 'Europe/Berlin');
    const [berlin] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.stripeId, 'in_tz_be'));
    expect(berlin?.dueDate).toBe('2026-03-10');
    await db.update(stripeInvoices).set({ customerId: client.id }).where(eq(stripeInvoices.stripeId, 'in_tz_be'));

    const filtered = { ...query, filters: { customer_uuid: [client.uuid] } };
    // 2026-03-10 23:30 in Berlin (22:30 UTC): the due day has not ended there yet.
    const lateOnDueDay = new Date(Date.UTC(2026, 2, 10, 22, 30));
    expect((await listOverdueInvoices(db, filtered, 'Europe/Berlin', lateOnDueDay)).data).toEqual([]);
    // Half an hour later it is the 11th in Berlin: one day overdue; still the 10th in New York (17:30 there).
    const justAfter = new Date(Date.UTC(2026, 2, 10, 23, 30));
    expect((await listOverdueInvoices(db, filtered, 'Europe/Berlin', justAfter)).data[0]?.days_overdue).toBe(1);
    // Read in New York at that instant the same stored day is 0 days overdue: not listed.
    expect((await listOverdueInvoices(db, filtered, 'America/New_York', justAfter)).data).toEqual([]);
  });
});

describe('overdue notices', () => {
  it("tells the client's plan managers once per stage, even when the job runs twice", async () => {
    const client = await buildCustomer(db);
    const manager = await buildUser(db, { permissions: ['CHARGES_READ'] });
    await buildPlan(db, { customerId: client.id, projectManagerId: manager.id });
    const late = invoice({ customer: null, due_date: nowSeconds() - 2 * DAY });
    await upsertInvoice(db, late as never, new Date(), app.ctx.config.agencyTimeZone);
    await db.update(stripeInvoices).set({ customerId: client.id }).where(eq(stripeInvoices.stripeId, late.id));
    const notices = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'invoice_overdue')));

    await runOverdueNotices(app.ctx, silentLog);
    await runOverdueNotices(app.ctx, silentLog);
    expect(await notices()).toHaveLength(1);

    // A week later (as far as the due date goes): the 7-day stage, once.
    const today = todayIn(app.ctx.config.agencyTimeZone);
    const weekAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 8 * DAY * 1000).toISOString().slice(0, 10);
    await db.update(stripeInvoices).set({ dueDate: weekAgo }).where(eq(stripeInvoices.stripeId, late.id));
    await Promise.all([runOverdueNotices(app.ctx, silentLog), runOverdueNotices(app.ctx, silentLog)]);
    const sent = await notices();
    expect(sent).toHaveLength(2);
    expect(sent.map((n) => n.data.content)).toContain(
      BILLING_MESSAGES.overdueBody(client.businessName, late.number, 8),
    );
  });
});

describe('sync', () => {
  beforeEach(() => {
    stripe.invoices.length = 0;
  });

  it('walks every page of open invoices and upserts them', async () => {
    await connect();
    for (let i = 0; i < 230; i++) {
      stripe.invoices.push(invoice({ id: `in_sync_${i}`, number: `SYNC-${i}` }));
    }
    const before = stripe.calls.length;
    const res = await call('POST', '/api/billing/stripe/sync');
    expect(res.statusCode, res.body).toBe(200);
    const pages = stripe.calls.slice(before).filter((c) => c.startsWith('GET /v1/invoices'));
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain('starting_after=in_sync_130');
    const synced = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from stripe_invoices where stripe_id like 'in_sync_%'`,
    );
    expect(synced.rows[0]?.count).toBe(230);
    const settings = await call('GET', '/api/billing/stripe');
    expect(settings.json().data.last_synced_at).not.toBeNull();
  });
});

describe('new requests for an overdue client', () => {
  it('refuses with a clear message under "refuse", warns under "warn", and lets it through under "off"', async () => {
    const client = await buildCustomer(db, { businessName: 'Late Payers Ltd' });
    const plan = await buildPlan(db, { customerId: client.id, projectManagerId: admin.id });
    const late = invoice({ customer: null, due_date: nowSeconds() - 12 * DAY });
    await upsertInvoice(db, late as never, new Date(), app.ctx.config.agencyTimeZone);
    await db.update(stripeInvoices).set({ customerId: client.id }).where(eq(stripeInvoices.stripeId, late.id));
    const days = (
      await listOverdueInvoices(
        db,
        { page: { size: 5, number: 1 }, filters: { customer_uuid: [client.uuid] } },
        app.ctx.config.agencyTimeZone,
      )
    ).data[0]?.days_overdue as number;
    const create = () => call('POST', '/api/requests', { subject: 'New banner', project_id: plan.uuid });

    await call('PUT', '/api/billing/stripe', { overdue_request_policy: 'refuse', overdue_days: 10 });
    const refused = await create();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(BILLING_MESSAGES.overdueRefused('Late Payers Ltd', days));

    await call('PUT', '/api/billing/stripe', { overdue_request_policy: 'refuse', overdue_days: 30 });
    expect((await create()).statusCode).toBe(200);

    await call('PUT', '/api/billing/stripe', { overdue_request_policy: 'warn', overdue_days: 10 });
    const standing = await call('GET', `/api/billing/client-standing?project_id=${plan.uuid}`);
    expect(standing.json().data).toEqual({
      policy: 'warn',
      days_overdue: days,
      message: BILLING_MESSAGES.overdueWarning('Late Payers Ltd', days),
    });
    expect((await create()).statusCode).toBe(200);

    await call('PUT', '/api/billing/stripe', { overdue_request_policy: 'off' });
    expect((await create()).statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('never appear in a log line', async () => {
    expect(logLines.length).toBeGreaterThan(20);
    const leaked = logLines.filter((line) => line.includes(stripe.apiKey) || line.includes(WEBHOOK_SECRET));
    expect(leaked).toEqual([]);
  });
});
