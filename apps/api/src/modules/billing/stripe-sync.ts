import { BILLING_MESSAGES } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { openApiKey, recordSyncOutcome } from './billing-settings';
import { stripeFor } from './stripe-client';
import { customerLookup } from './stripe-events';
import { upsertInvoice } from './stripe-records';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'config'>;

/**
 * The sync job: every open invoice Stripe lists (the SDK's auto-paging walks `starting_after` pages of 100),
 * upserted as of the sync's start, so an event that arrived meanwhile is not overwritten with older news. Paid and
 * voided invoices arrive by webhook. Answers how many invoices were written.
 */
export async function syncOpenInvoices(ctx: Ctx, log: FastifyBaseLogger): Promise<number> {
  const key = await openApiKey(ctx);
  if (!key) {
    await recordSyncOutcome(ctx.db, BILLING_MESSAGES.notConnected);
    return 0;
  }
  const started = new Date();
  const stripe = await stripeFor(ctx.config, key);
  const lookup = await customerLookup(ctx);
  let count = 0;
  try {
    for await (const invoice of stripe.invoices.list({ status: 'open', limit: 100 })) {
      await upsertInvoice(ctx.db, invoice, started, ctx.config.agencyTimeZone, lookup);
      count++;
    }
    await recordSyncOutcome(ctx.db, null);
  } catch (error) {
    // The SDK's messages name the request, never the key.
    log.error({ err: error }, 'stripe sync failed');
    await recordSyncOutcome(ctx.db, BILLING_MESSAGES.testFailed);
  }
  return count;
}

/** POST billing/stripe/test: a real call with the stored key (the balance), answering the account and USD available. */
export async function testConnection(ctx: Ctx) {
  const key = await openApiKey(ctx);
  if (!key) {
    return null;
  }
  const stripe = await stripeFor(ctx.config, key);
  const balance = await stripe.balance.retrieve();
  const usd = balance.available.find((a) => a.currency === 'usd');
  const account = await stripe.accounts.retrieveCurrent().catch(() => null);
  return { ok: true as const, account: account?.id ?? null, available_cents: usd?.amount ?? 0 };
}
