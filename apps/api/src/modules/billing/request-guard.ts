import { BILLING_MESSAGES, type OverdueRequestPolicy } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../http/errors';
import { onRequestCreate } from '../requests/request-create-guards';
import { loadSettingsRow } from './billing-settings';
import { daysOverdueOf } from './overdue';

type Standing = { policy: OverdueRequestPolicy; days_overdue: number; message: string | null; refused: boolean };

/** How the overdue policy treats a new request for this client: a message when overdue more than the limit. */
async function standingOf(db: DbExecutor, customerId: number | null, timeZone: string): Promise<Standing> {
  const settings = await loadSettingsRow(db);
  const policy = settings.overdueRequestPolicy;
  if (policy === 'off' || customerId === null) {
    return { policy, days_overdue: 0, message: null, refused: false };
  }
  const days = await daysOverdueOf(db, customerId, timeZone);
  if (days <= settings.overdueDays) {
    return { policy, days_overdue: days, message: null, refused: false };
  }
  const found = await db.execute<{ business_name: string }>(
    sql`select business_name from customers where id = ${customerId}`,
  );
  const client = found.rows[0]?.business_name ?? 'This client';
  const refused = policy === 'refuse';
  const message = refused
    ? BILLING_MESSAGES.overdueRefused(client, days)
    : BILLING_MESSAGES.overdueWarning(client, days);
  return { policy, days_overdue: days, message, refused };
}

/** GET billing/client-standing: what the request form warns about before it is sent (the plan by uuid). */
export async function clientStanding(ctx: Pick<AppContext, 'db' | 'config'>, projectUuid: string) {
  const plan = await ctx.db.execute<{ customer_id: number | null }>(
    sql`select customer_id from projects where uuid = ${projectUuid}::uuid and kind = 'other'`,
  );
  const { refused: _, ...standing } = await standingOf(
    ctx.db,
    plan.rows[0]?.customer_id ?? null,
    ctx.config.agencyTimeZone,
  );
  return standing;
}

/** Refuses (422, the domain's message) a new request for a client overdue beyond the limit when the policy says so. */
export function registerOverdueRequestGuard(ctx: Pick<AppContext, 'config'>): () => void {
  return onRequestCreate(async (db, subject) => {
    const standing = await standingOf(db, subject.customerId, ctx.config.agencyTimeZone);
    if (standing.refused && standing.message) {
      throw new AppError(422, standing.message, {
        code: 'client_overdue',
        errors: { project_id: [standing.message] },
      });
    }
  });
}
