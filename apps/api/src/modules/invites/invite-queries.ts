import type { CustomerInvite, InviteStatus } from '@portal/domain';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { contacts, customerInvites, customers, type InviteInclusions } from '../../db/schema';
import type { Executor } from '../contacts/references';

const inviteColumns = {
  id: customerInvites.id,
  uuid: customerInvites.uuid,
  email: customerInvites.email,
  status: customerInvites.status,
  inclusions: customerInvites.inclusions,
  sentCount: customerInvites.sentCount,
  lastSentAt: customerInvites.lastSentAt,
  createdAt: customerInvites.createdAt,
  customerUuid: customers.uuid,
  businessName: customers.businessName,
  contactUuid: contacts.uuid,
};

type InviteRow = Awaited<ReturnType<typeof selectInvites>>[number];

/** The allow-list from a row to the contract (doc 1 §3 Customer invite). */
export function presentInvite(row: InviteRow): CustomerInvite {
  const flag = (key: keyof InviteInclusions) => row.inclusions[key] === true;
  return {
    uuid: row.uuid,
    email: row.email,
    status: row.status as InviteStatus,
    customer_id: row.customerUuid,
    customer: { uuid: row.customerUuid, business_name: row.businessName },
    user_id: row.contactUuid,
    social_media: flag('social_media'),
    creative_package: flag('creative_package'),
    video_production: flag('video_production'),
    website: flag('website'),
    advertising: flag('advertising'),
    schedule_call_link: flag('schedule_call_link'),
    welcome_kit: flag('welcome_kit'),
    login_register: flag('login_register'),
    leadsie_manage_link: flag('leadsie_manage_link'),
    leadsie_social_link: flag('leadsie_social_link'),
    sent_count: row.sentCount,
    last_sent_at: row.lastSentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

function selectInvites(db: Executor) {
  return db
    .select(inviteColumns)
    .from(customerInvites)
    .innerJoin(customers, eq(customers.id, customerInvites.customerId))
    .leftJoin(contacts, eq(contacts.id, customerInvites.contactId));
}

export async function findInvite(db: Executor, where: { id: number } | { uuid: string }) {
  const [row] = await selectInvites(db).where(
    'id' in where ? eq(customerInvites.id, where.id) : eq(customerInvites.uuid, where.uuid),
  );
  return row ? presentInvite(row) : null;
}

export type InviteListQuery = {
  page: { size: number; number: number };
  sort?: { by?: string; direction?: 'asc' | 'desc' };
  filters?: { status?: InviteStatus[]; customer_id?: string };
};

/** GET customer-invite: pending ones unless another status is asked for, optionally of one client. */
export async function listInvites(db: Executor, query: InviteListQuery) {
  const statuses = query.filters?.status?.length ? query.filters.status : ['pending'];
  const conditions: SQL[] = [inArray(customerInvites.status, statuses)];
  if (query.filters?.customer_id) {
    conditions.push(eq(customers.uuid, query.filters.customer_id));
  }
  const where = and(...conditions);
  const direction = query.sort?.direction === 'asc' ? asc : desc;
  const column = query.sort?.by === 'email' ? customerInvites.email : customerInvites.createdAt;
  const { size, number } = query.page;
  const [rows, [total]] = await Promise.all([
    selectInvites(db)
      .where(where)
      .orderBy(direction(column), direction(customerInvites.id))
      .limit(size)
      .offset((number - 1) * size),
    db
      .select({ value: count() })
      .from(customerInvites)
      .innerJoin(customers, eq(customers.id, customerInvites.customerId))
      .where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: rows.map(presentInvite),
    meta: {
      total: totalCount,
      current_page: number,
      last_page: Math.max(1, Math.ceil(totalCount / size)),
      per_page: size,
    },
  };
}
