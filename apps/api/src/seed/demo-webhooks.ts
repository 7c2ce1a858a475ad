import { desc, eq, ne } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../config';
import type { Database } from '../db/client';
import { requests, tasks, timeLogs, users } from '../db/schema';
import { createWebhook, recordAttempt, recordDeliveries, updateWebhook } from '../modules/webhooks';
import { createOutboundClient } from '../outbound/http-client';
import { SecretBox } from '../secret-box';

/** `.invalid` never resolves (RFC 2606): a demo webhook, even resumed, can never reach anyone. */
const CRM_URL = 'https://crm.brightside.invalid/portal-events';
const AUTOMATION_URL = 'https://automations.brightside.invalid/hooks/time';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The demo's webhooks (issue 23), so Administration → Webhooks shows a working log: a CRM sync with successful
 * deliveries of requests and tasks, and a time-tracking automation whose receiver has been failing. Both are made
 * by the module's own create command (the secret sealed under the app's key) and their history by its record
 * function; no call is made. Both are paused, so using the demo never sends anything out.
 */
export async function seedDemoWebhooks(db: Database, config: AppConfig = loadConfig()): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  // The seed is not a person's intake: its client only vouches for the two demo hosts, which resolve nowhere.
  const outbound = createOutboundClient({ allowHosts: [new URL(CRM_URL).hostname, new URL(AUTOMATION_URL).hostname] });
  const ctx = {
    db,
    outbound,
    secrets: new SecretBox({ appKey: config.appKey, dataDir: config.dataDir }),
    resolveHost: async () => [],
  };
  try {
    const crm = await createWebhook(ctx, admin.id, {
      url: CRM_URL,
      events: ['request.created', 'request.status_changed', 'task.created'],
    });
    const automation = await createWebhook(ctx, admin.id, {
      url: AUTOMATION_URL,
      events: ['time_log.created', 'comment.created', 'upload.attached'],
    });

    const recentRequests = await db
      .select({ uuid: requests.uuid })
      .from(requests)
      .where(ne(requests.status, 'draft'))
      .orderBy(desc(requests.id))
      .limit(4);
    const recentTasks = await db.select({ uuid: tasks.uuid }).from(tasks).orderBy(desc(tasks.id)).limit(4);
    const crmDeliveries = await recordDeliveries(ctx, [
      ...recentRequests.map((r) => ({ event: 'request.created' as const, objectUuid: r.uuid })),
      ...recentTasks.map((t) => ({ event: 'task.created' as const, objectUuid: t.uuid })),
    ]);
    for (const [i, id] of crmDeliveries.entries()) {
      await recordAttempt(ctx, id, 'succeeded', {
        status: 200,
        excerpt: '{"ok":true,"queued":1}',
        durationMs: 140 + ((i * 37) % 160),
        at: minutesAgo(60 * 26 - i * 170),
      });
    }
    await updateWebhook(ctx, admin.id, crm.uuid, { active: false });

    const recentLogs = await db.select({ uuid: timeLogs.uuid }).from(timeLogs).orderBy(desc(timeLogs.id)).limit(3);
    const automationDeliveries = await recordDeliveries(
      ctx,
      recentLogs.map((l) => ({ event: 'time_log.created' as const, objectUuid: l.uuid })),
    );
    for (const [i, id] of automationDeliveries.entries()) {
      await recordAttempt(ctx, id, 'failed', {
        status: 502,
        excerpt: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        error: 'The receiver answered 502.',
        durationMs: 2_900 + i * 120,
        at: minutesAgo(90 - i * 25),
      });
    }
    await updateWebhook(ctx, admin.id, automation.uuid, { active: false });
  } finally {
    await outbound.close();
  }
}
