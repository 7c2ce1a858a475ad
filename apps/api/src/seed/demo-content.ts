import type { ContentPlatform, ContentStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { DomainEvents, inTransaction } from '../events/domain-events';
import { addApprovalLinkComment } from '../modules/comments/commentable-lifecycle';
import { createApproval, createContentItem, updateContentItem } from '../modules/content';
import { contentItemTitle, findVisibleItem } from '../modules/content/content-access';
import { Mailer } from '../modules/mail/mailer';

/** The moves from draft to each status, in the flow's order (packages/domain content/rules.ts). */
const PATH: Record<ContentStatus, ContentStatus[]> = {
  draft: [],
  in_review: ['in_review'],
  changes_requested: ['in_review', 'changes_requested'],
  approved: ['in_review', 'approved'],
  scheduled: ['in_review', 'approved', 'scheduled'],
  published: ['in_review', 'approved', 'scheduled', 'published'],
};

const ITEMS: { day: number; hour: number; platform: ContentPlatform; status: ContentStatus; caption: string }[] = [
  {
    day: 2,
    hour: 10,
    platform: 'instagram',
    status: 'published',
    caption: 'New season, new colours. Our autumn line is here — tap to shop the looks. #autumn #newin',
  },
  {
    day: 3,
    hour: 12,
    platform: 'linkedin',
    status: 'published',
    caption: 'We are hiring! Join our customer team in Austin and help shoppers find their perfect fit.',
  },
  {
    day: 6,
    hour: 9,
    platform: 'x',
    status: 'scheduled',
    caption: 'Flash sale: 20% off outerwear until midnight. No code needed.',
  },
  {
    day: 8,
    hour: 17,
    platform: 'facebook',
    status: 'scheduled',
    caption: 'Behind the scenes at our photo shoot — meet the team that makes every product page shine.',
  },
  {
    day: 10,
    hour: 11,
    platform: 'tiktok',
    status: 'approved',
    caption: 'Three ways to style one scarf in under a minute. Which one is your favourite?',
  },
  {
    day: 12,
    hour: 15,
    platform: 'youtube',
    status: 'approved',
    caption: 'Our founder on building a sustainable supply chain: the full interview.',
  },
  {
    day: 14,
    hour: 10,
    platform: 'instagram',
    status: 'changes_requested',
    caption: 'Weekend plans? Our comfiest knitwear is made for slow mornings.',
  },
  {
    day: 16,
    hour: 8,
    platform: 'newsletter',
    status: 'in_review',
    caption: 'This month: the gift guide, a sneak peek at spring and 15% off for subscribers.',
  },
  {
    day: 18,
    hour: 13,
    platform: 'blog',
    status: 'in_review',
    caption: 'How we choose our fabrics: a look at the mills we work with and why it matters.',
  },
  {
    day: 20,
    hour: 10,
    platform: 'instagram',
    status: 'in_review',
    caption: 'Customer favourite, back in stock. Sizes go fast — do not miss it this time.',
  },
  {
    day: 23,
    hour: 18,
    platform: 'x',
    status: 'draft',
    caption: 'Gift cards are here: the easiest present on your list.',
  },
  {
    day: 26,
    hour: 12,
    platform: 'linkedin',
    status: 'draft',
    caption: 'A year of growth: thank you to our partners, suppliers and a team that never stopped.',
  },
];

/**
 * The client's request for changes on the demo's sent-back item, in its comment thread as an answer from the
 * approval link arrives (the client's name, no account), so the drawer shows the team's discussion starting there.
 */
async function clientAskedForChanges(
  db: Database,
  events: DomainEvents,
  uuid: string,
  viewer: { userId: number; type: 'regular_user' },
) {
  const item = await findVisibleItem(db, uuid, viewer);
  const client = await db.execute<{ name: string | null }>(sql`select c.business_name as name from projects p
    left join customers c on c.id = p.customer_id where p.id = ${item.project_id}`);
  await inTransaction(db, events, (tx, emit) =>
    addApprovalLinkComment(
      tx,
      emit,
      { type: 'content_item', id: item.id, uuid, title: contentItemTitle(item), projectId: item.project_id },
      {
        text: 'Could we use a photo with the cream cardigan instead? And please mention free returns.',
        authorName: client.rows[0]?.name ?? 'The client',
      },
    ),
  );
}

/**
 * The demo's content plan (issue 22): a dozen items this month on a client plan whose client has a contact (another
 * client than client@demo.test's, whose latest mail the clients e2e spec reads), across
 * every status and platform, made and moved through the content module's own commands, and one open approval link
 * for the items in review (its e-mail lands in the e-mail log, the link redacted). The sent-back item carries the
 * client's comment in its thread.
 */
export async function seedDemoContent(db: Database, appUrl: string) {
  const found = await db.execute<{ plan_uuid: string; manager_id: number; manager_uuid: string }>(sql`
    select p.uuid as plan_uuid, u.id as manager_id, u.uuid as manager_uuid
    from projects p join contact_customers cc on cc.customer_id = p.customer_id
      join contacts c on c.id = cc.contact_id and c.type = 'contact' and c.email is not null
      cross join users u
    where p.kind <> 'personal' and p.status = 'active' and u.email = 'manager@demo.test'
    order by (c.email = 'client@demo.test'), p.id limit 1`);
  const target = found.rows[0];
  if (!target) {
    return;
  }
  const events = new DomainEvents();
  // The seed runs without the server: no storage (the demo items carry no files) and a mailer with no logger.
  const ctx = { db, events, storage: undefined as unknown as AppContext['storage'] };
  const viewer = { userId: target.manager_id, type: 'regular_user' as const };
  const month = new Date();
  const inReview: string[] = [];
  for (const item of ITEMS) {
    const when = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), item.day, item.hour + 5));
    const uuid = await createContentItem(
      ctx,
      {
        project_uuid: target.plan_uuid,
        platform: item.platform,
        caption: item.caption,
        uploads: [],
        scheduled_at: when.toISOString(),
        assignee_uuid: target.manager_uuid,
        status: 'draft',
      },
      viewer,
    );
    for (const status of PATH[item.status]) {
      await updateContentItem(ctx, uuid, { status }, viewer);
    }
    if (item.status === 'in_review') {
      inReview.push(uuid);
    }
    if (item.status === 'changes_requested') {
      await clientAskedForChanges(db, events, uuid, viewer);
    }
  }
  const silent = { info: () => undefined } as unknown as FastifyBaseLogger;
  await createApproval(
    {
      db,
      events,
      config: { appUrl } as AppContext['config'],
      mailer: new Mailer(db, silent, { from: 'demo@demo.test' }),
    },
    { project_uuid: target.plan_uuid, content_item_uuids: inReview, expires_in_days: 14 },
    viewer,
  );
}
