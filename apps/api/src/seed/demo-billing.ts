import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { type AppConfig, loadConfig } from '../config';
import type { Database } from '../db/client';
import { processStripeEvents, recordStripeEvent } from '../modules/billing';
import { SecretBox } from '../secret-box';

const DAY = 86_400;
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** A Stripe event as the webhook would carry it (the seed records it through the module's own intake). */
function event(id: string, type: string, object: Record<string, unknown>, created: number): Stripe.Event {
  return {
    id,
    object: 'event',
    type,
    created,
    api_version: '2025-10-29',
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

function invoice(id: string, email: string, fields: Record<string, unknown>) {
  return {
    id,
    object: 'invoice',
    customer: `cus_demo_${id}`,
    customer_email: email,
    currency: 'usd',
    // `.invalid` never resolves: the demo's "Open in Stripe" links go nowhere real.
    hosted_invoice_url: `https://invoice.brightside.invalid/i/${id}`,
    ...fields,
  };
}

/**
 * The demo's card-payment invoices (issue 21 C), recorded as signed webhooks would be and applied by the module's
 * own job path, linked to the demo clients by their e-mail: Harbor Dental 8 days overdue, Trattoria Bella Vista 35
 * days overdue with a declined card, Summit Realty paid. No Stripe key is stored, so nothing is ever called.
 */
export async function seedDemoBilling(db: Database, config: AppConfig = loadConfig()): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const ctx = { db, config, secrets: new SecretBox({ appKey: config.appKey, dataDir: config.dataDir }) };
  const events = [
    event(
      'evt_demo_harbor',
      'invoice.finalized',
      invoice('in_demo_harbor', 'office@harbordental.test', {
        number: 'BRS-2026-0142',
        amount_due: 240_000,
        amount_remaining: 240_000,
        due_date: now - 8 * DAY,
        status: 'open',
      }),
      now - 38 * DAY,
    ),
    event(
      'evt_demo_trattoria',
      'invoice.finalized',
      invoice('in_demo_trattoria', 'ciao@bellavista.test', {
        number: 'BRS-2026-0117',
        amount_due: 185_050,
        amount_remaining: 185_050,
        due_date: now - 35 * DAY,
        status: 'open',
      }),
      now - 65 * DAY,
    ),
    event(
      'evt_demo_trattoria_declined',
      'payment_intent.payment_failed',
      {
        id: 'pi_demo_trattoria',
        object: 'payment_intent',
        amount: 185_050,
        customer: 'cus_demo_in_demo_trattoria',
        invoice: 'in_demo_trattoria',
        last_payment_error: { message: 'Your card has insufficient funds.' },
      },
      now - 34 * DAY,
    ),
    event(
      'evt_demo_summit',
      'invoice.paid',
      invoice('in_demo_summit', 'listings@summitrealty.test', {
        number: 'BRS-2026-0150',
        amount_due: 99_000,
        amount_remaining: 0,
        due_date: now - 2 * DAY,
        status: 'paid',
      }),
      now - 3 * DAY,
    ),
  ];
  for (const e of events) {
    await recordStripeEvent(db, e, quiet);
  }
  await processStripeEvents(ctx, quiet);
}
