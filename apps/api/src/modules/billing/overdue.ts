import {
  BILLING_MESSAGES,
  type FailedPayment,
  type failedPaymentListQuerySchema,
  type InvoiceStatus,
  OVERDUE_NOTICE_STAGES,
  type OverdueInvoice,
  type overdueInvoiceListQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { listMeta, pageOffset } from '../../http/list-paging';
import { notificationDelivery } from '../notifications/deliver';
import { mergeOutgoing, notifyUsers, type Outgoing } from '../notifications/notify';
import { todayIn } from '../tasks/calendar';

/**
 * Overdue: an open invoice with money remaining whose due day (the agency's calendar day, stripe-records.ts) has
 * ended in the agency's time zone, i.e. its due date is before today there. Days overdue count agency days.
 * Only USD invoices are listed: the portal's money is USD (doc 1 §9).
 */
const overdueWhere = (today: string) => sql`i.status = 'open' and i.amount_remaining_cents > 0
  and i.currency = 'usd' and i.due_date < ${today}::date`;

type OverdueRow = {
  uuid: string;
  customer_uuid: string | null;
  business_name: string | null;
  number: string | null;
  amount_due_cents: number;
  amount_remaining_cents: number;
  due_date: string;
  days_overdue: number;
  status: string;
  hosted_invoice_url: string | null;
};

const customerOf = (row: { customer_uuid: string | null; business_name: string | null }) =>
  row.customer_uuid && row.business_name ? { uuid: row.customer_uuid, business_name: row.business_name } : null;

function present(row: OverdueRow): OverdueInvoice {
  return {
    uuid: row.uuid,
    customer: customerOf(row),
    number: row.number,
    amount_due_cents: Number(row.amount_due_cents),
    amount_remaining_cents: Number(row.amount_remaining_cents),
    currency: 'USD',
    due_date: String(row.due_date).slice(0, 10),
    days_overdue: Number(row.days_overdue),
    status: row.status as InvoiceStatus,
    hosted_invoice_url: row.hosted_invoice_url,
  };
}

type OverdueQuery = z.output<typeof overdueInvoiceListQuerySchema>;

function overdueOrder(sort: OverdueQuery['sort']): SQL {
  const direction = sql.raw(sort?.direction === 'asc' ? 'asc' : 'desc');
  switch (sort?.by) {
    case 'amount':
      return sql`i.amount_remaining_cents ${direction}, i.id`;
    case 'customer':
      return sql`lower(c.business_name) ${direction} nulls last, i.id`;
    case 'number':
      return sql`i.number ${direction} nulls last, i.id`;
    default:
      return sql`i.due_date ${sql.raw(sort?.direction === 'asc' ? 'desc' : 'asc')}, i.id`;
  }
}

/** GET overdue-invoices: the most overdue first; filter by client. */
export async function listOverdueInvoices(db: DbExecutor, query: OverdueQuery, timeZone: string, now = new Date()) {
  const today = todayIn(timeZone, now);
  const parts = [overdueWhere(today)];
  const customers = query.filters?.customer_uuid;
  if (customers?.length) {
    parts.push(sql`c.uuid = any(${sql.param(customers)}::uuid[])`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`from stripe_invoices i left join customers c on c.id = i.customer_id where ${where}`;
  const [rows, total] = await Promise.all([
    db.execute<OverdueRow>(sql`select i.uuid, c.uuid as customer_uuid, c.business_name, i.number,
        i.amount_due_cents, i.amount_remaining_cents, i.due_date::text as due_date,
        (${today}::date - i.due_date) as days_overdue, i.status, i.hosted_invoice_url
      ${from} order by ${overdueOrder(query.sort)} limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ count: number }>(sql`select count(*)::int as count ${from}`),
  ]);
  return { data: rows.rows.map(present), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

type FailedRow = {
  uuid: string;
  customer_uuid: string | null;
  business_name: string | null;
  invoice_number: string | null;
  amount_cents: number;
  reason: string | null;
  failed_at: Date | string;
};

/** GET failed-payments: newest first; filter by client. */
export async function listFailedPayments(db: DbExecutor, query: z.output<typeof failedPaymentListQuerySchema>) {
  const customers = query.filters?.customer_uuid;
  const where = customers?.length ? sql`where c.uuid = any(${sql.param(customers)}::uuid[])` : sql``;
  const from = sql`from stripe_failed_payments f left join customers c on c.id = f.customer_id ${where}`;
  const direction = sql.raw(query.sort?.direction === 'asc' ? 'asc' : 'desc');
  const [rows, total] = await Promise.all([
    db.execute<FailedRow>(sql`select f.uuid, c.uuid as customer_uuid, c.business_name, f.invoice_number,
        f.amount_cents, f.reason, f.failed_at
      ${from} order by f.failed_at ${direction}, f.id ${direction}
      limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ count: number }>(sql`select count(*)::int as count ${from}`),
  ]);
  const data: FailedPayment[] = rows.rows.map((row) => ({
    uuid: row.uuid,
    customer: customerOf(row),
    invoice_number: row.invoice_number,
    amount_cents: Number(row.amount_cents),
    currency: 'USD',
    reason: row.reason,
    failed_at: new Date(row.failed_at).toISOString(),
  }));
  return { data, meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

/** The client's most overdue invoice, in days (0 when none is overdue). */
export async function daysOverdueOf(db: DbExecutor, customerId: number, timeZone: string, now = new Date()) {
  const today = todayIn(timeZone, now);
  const found = await db.execute<{ days: number | null }>(sql`select max(${today}::date - i.due_date) as days
    from stripe_invoices i where i.customer_id = ${customerId} and ${overdueWhere(today)}`);
  return Number(found.rows[0]?.days ?? 0);
}

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events' | 'outbound'>;

/**
 * The daily overdue notices: for each overdue invoice of a known client, the highest stage (1, 7, 30 days) it has
 * reached is noted once (invoice_overdue_notices' key), and that note tells the managers of the client's open plans
 * (bell, and e-mail/push by their preferences). A run that repeats, or overlaps another, sends nothing twice; an
 * invoice first seen 10 days overdue gets the 7-day notice only.
 */
export async function runOverdueNotices(ctx: Ctx, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const today = todayIn(ctx.config.agencyTimeZone, now);
  const due = await ctx.db.execute<OverdueRow & { id: number; customer_id: number }>(sql`
    select i.id, i.uuid, i.customer_id, c.uuid as customer_uuid, c.business_name, i.number, i.amount_due_cents,
      i.amount_remaining_cents, i.due_date::text as due_date, (${today}::date - i.due_date) as days_overdue, i.status,
      i.hosted_invoice_url
    from stripe_invoices i join customers c on c.id = i.customer_id where ${overdueWhere(today)}`);
  let sent = 0;
  for (const invoice of due.rows) {
    const days = Number(invoice.days_overdue);
    const stage = [...OVERDUE_NOTICE_STAGES].reverse().find((s) => days >= s);
    if (!stage) {
      continue;
    }
    const outgoing = await ctx.db.transaction(async (tx): Promise<Outgoing | null> => {
      const noted = await tx.execute(sql`insert into invoice_overdue_notices (invoice_id, stage)
        values (${invoice.id}, ${stage}) on conflict do nothing returning invoice_id`);
      if (!noted.rows.length) {
        return null;
      }
      const managers = await tx.execute<{ id: number }>(sql`select distinct project_manager_id as id from projects
        where customer_id = ${invoice.customer_id} and kind = 'other' and project_manager_id is not null
          and status not in ('completed', 'cancelled')`);
      const number = invoice.number ?? 'without a number';
      return notifyUsers(
        tx,
        managers.rows.map((m) => m.id),
        {
          type: 'invoice_overdue',
          data: {
            title: BILLING_MESSAGES.overdueTitle,
            sub_title: invoice.business_name,
            content: BILLING_MESSAGES.overdueBody(invoice.business_name ?? '', number, days),
            action_url: invoice.customer_uuid ? `/clients?client_uuid=${invoice.customer_uuid}` : null,
            resource_id: invoice.uuid,
            has_mention: false,
          },
        },
        null,
      );
    });
    if (outgoing) {
      sent++;
      await notificationDelivery(ctx, log)(mergeOutgoing(outgoing));
    }
  }
  return sent;
}
