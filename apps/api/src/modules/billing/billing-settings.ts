import type { StripeSettings, StripeSettingsInput } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { stripeSettings } from '../../db/schema';
import { maskSecret } from './stripe-client';

type Row = typeof stripeSettings.$inferSelect;
type Ctx = Pick<AppContext, 'db' | 'secrets'>;

const EMPTY: Row = {
  id: 1,
  apiKeySealed: null,
  apiKeyHint: null,
  webhookSecretSealed: null,
  webhookSecretHint: null,
  overdueRequestPolicy: 'off',
  overdueDays: 30,
  lastSyncedAt: null,
  lastSyncError: null,
  updatedAt: new Date(0),
};

export async function loadSettingsRow(db: DbExecutor): Promise<Row> {
  const [row] = await db.select().from(stripeSettings).where(eq(stripeSettings.id, 1));
  return row ?? EMPTY;
}

export function presentSettings(row: Row): StripeSettings {
  return {
    api_key_set: row.apiKeySealed !== null,
    api_key_hint: row.apiKeyHint,
    webhook_secret_set: row.webhookSecretSealed !== null,
    webhook_secret_hint: row.webhookSecretHint,
    overdue_request_policy: row.overdueRequestPolicy,
    overdue_days: row.overdueDays,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    last_sync_error: row.lastSyncError,
  };
}

/** PUT billing/stripe: a value given is sealed and replaces the old, `null` clears it, absent keeps it. */
export async function saveSettings(ctx: Ctx, input: StripeSettingsInput): Promise<StripeSettings> {
  const values: Partial<Row> = {};
  if (input.api_key !== undefined) {
    values.apiKeySealed = input.api_key === null ? null : await ctx.secrets.seal(input.api_key);
    values.apiKeyHint = input.api_key === null ? null : maskSecret(input.api_key);
  }
  if (input.webhook_secret !== undefined) {
    values.webhookSecretSealed = input.webhook_secret === null ? null : await ctx.secrets.seal(input.webhook_secret);
    values.webhookSecretHint = input.webhook_secret === null ? null : maskSecret(input.webhook_secret);
  }
  if (input.overdue_request_policy) {
    values.overdueRequestPolicy = input.overdue_request_policy;
  }
  if (input.overdue_days !== undefined) {
    values.overdueDays = input.overdue_days;
  }
  const [row] = await ctx.db
    .insert(stripeSettings)
    .values({ ...values, id: 1 })
    .onConflictDoUpdate({ target: stripeSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return presentSettings(row ?? EMPTY);
}

export async function openApiKey(ctx: Ctx): Promise<string | null> {
  const row = await loadSettingsRow(ctx.db);
  return row.apiKeySealed ? ctx.secrets.open(row.apiKeySealed) : null;
}

/**
 * The webhook secret, opened once per sealed value: the intake answers within a few milliseconds, and opening
 * (a key derivation and AES-GCM) on every delivery is work a cache of the last value saves.
 */
let lastSecret: { sealed: string; plain: string } | null = null;
export async function openWebhookSecret(ctx: Ctx): Promise<string | null> {
  const [row] = await ctx.db
    .select({ sealed: stripeSettings.webhookSecretSealed })
    .from(stripeSettings)
    .where(eq(stripeSettings.id, 1));
  const sealed = row?.sealed ?? null;
  if (!sealed) {
    return null;
  }
  if (lastSecret?.sealed !== sealed) {
    lastSecret = { sealed, plain: await ctx.secrets.open(sealed) };
  }
  return lastSecret.plain;
}

export async function recordSyncOutcome(db: DbExecutor, error: string | null): Promise<void> {
  await db
    .insert(stripeSettings)
    .values({ id: 1, lastSyncedAt: error ? null : new Date(), lastSyncError: error })
    .onConflictDoUpdate({
      target: stripeSettings.id,
      set: error ? { lastSyncError: error } : { lastSyncedAt: sql`now()`, lastSyncError: null },
    });
}
