import type { EmailLog, EmailLogDetail, emailLogListQuerySchema } from '@portal/domain';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type EmailLogQuery = z.output<typeof emailLogListQuerySchema>;
type OutboxRow = typeof mailOutbox.$inferSelect;

/** sent: delivered over SMTP; failed: SMTP refused it (error kept); queued: recorded, not (yet) delivered. */
const STATUS_CONDITIONS: Record<EmailLog['status'], SQL> = {
  sent: isNotNull(mailOutbox.sentAt),
  failed: and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)) as SQL,
  queued: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)) as SQL,
};

function statusOf(row: OutboxRow): EmailLog['status'] {
  return row.sentAt ? 'sent' : row.error ? 'failed' : 'queued';
}

function present(row: OutboxRow): EmailLog {
  return {
    uuid: row.uuid,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: statusOf(row),
    transport: row.transport,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** Dates are the agency's calendar days in UTC bounds: `to` includes the whole day. */
function conditionsFor(query: EmailLogQuery): SQL[] {
  const filters = query.filters ?? {};
  const conditions: SQL[] = [];
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern)) as SQL);
  }
  if (filters.status?.length) {
    conditions.push(or(...filters.status.map((status) => STATUS_CONDITIONS[status])) as SQL);
  }
  if (filters.template) {
    conditions.push(eq(mailOutbox.template, filters.template));
  }
  if (filters.from) {
    conditions.push(gte(mailOutbox.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  }
  if (filters.to) {
    conditions.push(lt(mailOutbox.createdAt, sql`(${filters.to}::date + 1)::timestamptz`));
  }
  return conditions;
}

/** The log's other sortable columns (case-insensitive); the id (the order of recording) breaks ties. */
const SORT_KEYS = {
  to: sql`lower(${mailOutbox.toAddress})`,
  subject: sql`lower(${mailOutbox.subject})`,
  template: sql`${mailOutbox.template}`,
};

function orderFor(sort: EmailLogQuery['sort']): SQL[] {
  const by = sort?.by ?? 'created_at';
  if (by === 'created_at') {
    return [sort?.direction === 'asc' ? mailOutbox.id : desc(mailOutbox.id)] as SQL[];
  }
  const direction = sort?.direction === 'desc' ? desc : asc;
  return [direction(SORT_KEYS[by as keyof typeof SORT_KEYS]), direction(mailOutbox.id)];
}

/**
 * GET email-logs: newest first (or by recipient, subject or template), with search (recipient, subject) and filters
 * (status, template, dates).
 */
export async function listEmailLogs(db: Database, query: EmailLogQuery) {
  const where = and(...conditionsFor(query));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(...orderFor(query.sort))
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { data: rows.map(present), meta: listMeta(total?.value ?? 0, query.page) };
}

/** The templates that occur, for the filter. */
export async function listEmailTemplates(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ template: mailOutbox.template })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.template))
    .orderBy(mailOutbox.template);
  return rows.map((row) => row.template ?? '').filter(Boolean);
}

export async function findEmailLog(db: Database, uuid: string): Promise<OutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * Who reads a message's body (doc: ARCHITECTURE, Mail). The list shows every row to EMAIL_LOG_READ; a body of mail
 * sent to staff (a regular user, a freelancer, a super user) is for its recipient and super users only, because it
 * can tell about that person's work, reviews or account. Mail to clients and unknown addresses stays readable for
 * support. Secret links are redacted for everyone anyway (mail/secrets.ts).
 */
export async function mayReadEmailBody(
  db: Database,
  superUserEmails: readonly string[],
  reader: Pick<Principal, 'email' | 'isSuperUser'>,
  toAddress: string,
): Promise<boolean> {
  const to = toAddress.trim().toLowerCase();
  if (reader.isSuperUser || to === reader.email.toLowerCase()) {
    return true;
  }
  if (superUserEmails.some((email) => email.toLowerCase() === to)) {
    return false;
  }
  const staff = await db.execute(sql`
    select 1 from contacts c left join users u on u.id = c.user_id
    where c.type in ('regular_user', 'freelancer') and (lower(c.email) = ${to} or lower(u.email) = ${to})
    limit 1`);
  return staff.rows.length === 0;
}

export function presentEmailLogDetail(row: OutboxRow, bodyReadable: boolean): EmailLogDetail {
  return {
    ...present(row),
    text: bodyReadable ? row.textBody : null,
    html: bodyReadable ? row.htmlBody : null,
    body_hidden: !bodyReadable,
    redacted: row.redacted,
  };
}
