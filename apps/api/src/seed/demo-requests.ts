import { classifyTemperature, requestFormSchema, serializeDescription } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { activityLogs, projects, requests, requestTypes, requestUsers, timeLogs, users } from '../db/schema';
import { refreshRequestTimeSpent } from '../modules/requests/request-time-spent';
import { addDays, todayIn } from '../modules/tasks/calendar';
import { DEMO_REQUEST_EMAILS, DEMO_REQUESTS, type Who } from './demo-requests-list';

export { DEMO_REQUESTS } from './demo-requests-list';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Seeds DEMO_REQUESTS with their people, time logs, temperatures and a 'create' history entry each. */
export async function seedDemoRequests(db: Database, options: { now?: Date; timeZone?: string } = {}) {
  const now = options.now ?? new Date();
  const today = todayIn(options.timeZone ?? loadConfig().agencyTimeZone, now);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_REQUEST_EMAILS)));
  const person = (who: Who) => accounts.find((a) => a.email === DEMO_REQUEST_EMAILS[who])?.id;
  const plans = await db
    .select({ id: projects.id, title: projects.title, managerId: projects.projectManagerId })
    .from(projects)
    .where(inArray(projects.title, [...new Set(DEMO_REQUESTS.map((r) => r.plan))]));
  const types = await db.select().from(requestTypes);
  const adminId = person('admin') ?? null;

  await db.transaction(async (tx) => {
    for (const demo of DEMO_REQUESTS) {
      const plan = plans.find((p) => p.title === demo.plan);
      const type = types.find((t) => t.id === demo.type);
      if (!plan || !type) {
        continue;
      }
      const form = requestFormSchema.parse(type.form);
      const createdAt = new Date(now.getTime() - demo.created * DAY_MS);
      const last = demo.lastInteraction === null ? null : new Date(now.getTime() - demo.lastInteraction * DAY_MS);
      const draft = demo.status === 'draft';
      const classified = draft
        ? null
        : classifyTemperature({ lastInteractionAt: last, now, unansweredStaffComments: 0 });
      // Harbor Dental's contact asks for its own work; elsewhere the plan's manager files the request.
      const requesterId = demo.plan.startsWith('Harbor Dental') ? (person('client') ?? null) : plan.managerId;
      const [hours0, hours1] = demo.estimate ?? [0, 0];
      const [row] = await tx
        .insert(requests)
        .values({
          subject: demo.subject,
          requestTypeId: type.id,
          projectId: plan.id,
          requesterId,
          creatorId: adminId,
          status: demo.status,
          description: serializeDescription(form, demo.answers(today)),
          targetDate: demo.target === undefined ? null : addDays(today, demo.target),
          kickoffCall: demo.kickoffCall ?? false,
          estimatedMin: hours0 * 60,
          estimatedMax: hours1 * 60,
          heat: classified?.heat ?? null,
          temperature: classified?.temperature ?? null,
          ghosted: classified?.ghosted ?? false,
          lastInteractionAt: last,
          submittedAt: draft ? null : createdAt,
          completedAt: demo.status === 'completed' && last ? last : null,
          createdAt,
        })
        .returning({ id: requests.id });
      if (!row) {
        continue;
      }
      const people = [
        ...(demo.responsibles ?? []).map((who) => ({ who, pivot: 'responsible' })),
        ...(demo.followers ?? []).map((who) => ({ who, pivot: 'follower' })),
      ].flatMap(({ who, pivot }) => {
        const userId = person(who);
        return userId === undefined ? [] : [{ requestId: row.id, userId, pivot }];
      });
      if (people.length) {
        await tx.insert(requestUsers).values(people).onConflictDoNothing();
      }
      const loggerId = person(demo.responsibles?.[0] ?? 'manager');
      if (demo.logged && loggerId !== undefined) {
        await tx.insert(timeLogs).values({
          requestId: row.id,
          userId: loggerId,
          date: addDays(today, -Math.max(0, demo.lastInteraction ?? 0)),
          minutes: demo.logged,
          description: 'Design and revisions',
          status: 'completed',
          createdById: loggerId,
        });
        await refreshRequestTimeSpent(tx, row.id);
      }
      await tx.insert(activityLogs).values({
        subjectType: 'request',
        subjectId: row.id,
        authorId: adminId,
        action: 'create',
        changes: {
          subject: { added: demo.subject, removed: null },
          status: { added: demo.status, removed: null },
          request_type: { added: { id: type.id, name: type.name }, removed: null },
        },
        createdAt,
      });
    }
  });
}
