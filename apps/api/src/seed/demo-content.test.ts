import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo content seed', () => {
  it('plans a dozen items this month on one client plan, in every status and on every platform', async () => {
    const rows = await db.execute<{ status: string; platform: string; project_id: number; month: boolean }>(sql`
      select status, platform, project_id,
        date_trunc('month', scheduled_at) = date_trunc('month', now()) as month from content_items`);
    expect(rows.rows).toHaveLength(12);
    expect(new Set(rows.rows.map((r) => r.status))).toEqual(new Set(CONTENT_STATUSES));
    expect(new Set(rows.rows.map((r) => r.platform))).toEqual(new Set(CONTENT_PLATFORMS));
    expect(new Set(rows.rows.map((r) => r.project_id)).size).toBe(1);
    expect(rows.rows.every((r) => r.month)).toBe(true);
  });

  it('has one open approval link for the items in review, mailed with its token redacted', async () => {
    const links = await db.execute<{ items: number; open: boolean }>(sql`select
      (select count(*)::int from content_approval_items i where i.approval_id = a.id) as items,
      a.revoked_at is null and a.expires_at > now() as open from content_approvals a`);
    expect(links.rows).toEqual([{ items: 3, open: true }]);
    const mail = await db.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where template = 'content_approval'`,
    );
    expect(mail.rows[0]?.text_body).toContain('/approve/[redacted]');
  });

  it("carries the client's request for changes in the sent-back item's thread, from the approval link", async () => {
    const thread = await db.execute<{ status: string; origin: string; author_name: string; creator_id: null }>(sql`
      select ci.status, c.origin, c.author_name, c.creator_id from comments c
      join content_items ci on c.commentable_type = 'content_item' and ci.id = c.commentable_id`);
    expect(thread.rows).toEqual([
      { status: 'changes_requested', origin: 'approval_link', author_name: expect.any(String), creator_id: null },
    ]);
  });
});
