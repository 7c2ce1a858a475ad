import type { Assignee, assigneeListQuerySchema } from '@portal/domain';
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { contacts, tasks, taskUsers, users } from '../../db/schema';
import { pagePeople } from '../people/people-page.query';
import { type Viewer, visibleTasks } from './task-access';

/**
 * GET assignees: people responsible for at least one task the viewer sees (task-access.ts), so a filter never
 * offers — or reveals — a person only known from tasks the viewer may not open.
 */
export async function listAssignees(db: Database, query: z.output<typeof assigneeListQuerySchema>, viewer: Viewer) {
  const responsibleOnVisibleTask = db
    .select({ one: sql`1` })
    .from(taskUsers)
    .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
    .where(and(eq(taskUsers.userId, users.id), eq(taskUsers.pivot, 'responsible'), visibleTasks(viewer)));
  // Only staff and freelancers are assignees: someone responsible for a task who has since become a client contact
  // (a type change keeps their task links) is not offered, and not answered in a shape the contract refuses.
  const { rows, meta } = await pagePeople(
    db,
    [inArray(contacts.type, ['regular_user', 'freelancer']), exists(responsibleOnVisibleTask)],
    query,
  );
  const data: Assignee[] = rows.map((r) => ({ uuid: r.uuid, name: r.name, type: r.type as Assignee['type'] }));
  return { data, meta };
}
