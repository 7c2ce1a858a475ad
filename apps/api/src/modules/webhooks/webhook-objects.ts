import {
  commentSchema,
  onboardingDetailSchema,
  requestDetailSchema,
  taskSchema,
  timeLogSchema,
  uploadSchema,
  type WebhookEvent,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { timeLogs } from '../../db/schema';
import { permissionNamesOf } from '../../db/user-permissions';
import type { Principal } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { commentViewerOf, findVisibleComment } from '../comments/comment-access';
import { presentComment } from '../comments/comment-list.query';
import { loadOnboardingDetail } from '../onboarding';
import { findVisibleRequest } from '../requests/request-access';
import { loadRequest } from '../requests/request-detail';
import { findVisibleTask } from '../tasks/task-access';
import { loadTask } from '../tasks/task-detail';
import { visibleLogSource } from '../time-logs/save-time-log';
import { presentTimeLog, selectTimeLogs } from '../time-logs/time-logs.presenter';
import { findVisibleUpload } from '../uploads/upload-access';
import { presentUpload } from '../uploads/upload-presenter';

export const MANAGE_PERMISSION = 'WEBHOOKS_MANAGE';

/**
 * The webhook's owner as the API would see them now (roles read live): deliveries act with these permissions.
 * Null when the owner may no longer manage webhooks (deactivated, no longer staff, or the permission taken away).
 */
export async function ownerPrincipal(
  db: Database,
  userId: number,
  superUserEmails: readonly string[],
): Promise<Principal | null> {
  const result = await db.execute<{
    uuid: string;
    email: string;
    contact_uuid: string;
    type: 'regular_user';
    permissions: string[];
  }>(sql`
    select u.uuid, u.email, c.uuid as contact_uuid, c.type, ${permissionNamesOf(sql`u.id`)} as permissions
    from users u join contacts c on c.user_id = u.id
    where u.id = ${userId} and u.status = 'active' and c.status = 'active' and c.type = 'regular_user'`);
  const row = result.rows[0];
  if (!row?.permissions.includes(MANAGE_PERMISSION)) {
    return null;
  }
  return {
    userId,
    tokenHash: '',
    uuid: row.uuid,
    email: row.email,
    contactUuid: row.contact_uuid,
    type: row.type,
    permissions: new Set(row.permissions),
    isSuperUser: superUserEmails.includes(row.email),
  };
}

/** The JSON the API would answer: dates as ISO strings, then only the contract's fields (zod strips the rest). */
const asAnswered = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> =>
  schema.parse(JSON.parse(JSON.stringify(value)));

type Reader = { permission: string | null; read: (db: Database, uuid: string, who: Principal) => Promise<unknown> };

/**
 * How each event's object is read for a webhook: the module's own visibility check for the owner, then the same
 * presenter and output contract its GET answers. A read that fails (404: not visible, or gone) sends nothing.
 */
const READERS: Record<string, Reader> = {
  task: {
    permission: 'TASKS_READ',
    read: async (db, uuid, who) => {
      const task = await findVisibleTask(db, uuid, who);
      return asAnswered(taskSchema, await loadTask(db, task.id));
    },
  },
  request: {
    permission: 'REQUEST_READ',
    read: async (db, uuid, who) => {
      const found = await findVisibleRequest(db, uuid, who);
      return asAnswered(requestDetailSchema, await loadRequest(db, found.id));
    },
  },
  comment: {
    permission: 'COMMENTS_READ',
    read: async (db, uuid, who) => {
      const viewer = commentViewerOf(who);
      const { comment, commentable } = await findVisibleComment(db, uuid, viewer);
      return asAnswered(commentSchema, await presentComment(db, comment, commentable, viewer));
    },
  },
  time_log: {
    permission: 'TIMELOG_READ',
    read: async (db, uuid, who) => {
      const [row] = await selectTimeLogs(db).where(and(eq(timeLogs.uuid, uuid), visibleLogSource(who)));
      if (!row) {
        throw notFound();
      }
      return asAnswered(timeLogSchema, presentTimeLog(row, who, new Date()));
    },
  },
  onboarding: {
    // GET onboardings/{uuid} shows any onboarding to whoever holds ONBOARDING_READ (no narrower visibility).
    permission: 'ONBOARDING_READ',
    read: async (db, uuid) => asAnswered(onboardingDetailSchema, await loadOnboardingDetail(db, uuid)),
  },
  upload: {
    permission: null,
    read: async (db, uuid, who) => asAnswered(uploadSchema, presentUpload(await findVisibleUpload(db, uuid, who))),
  },
};

/** The object of an event as its owner may read it, or null (no permission, not visible, deleted). */
export async function readForOwner(
  db: Database,
  event: WebhookEvent,
  objectUuid: string,
  owner: Principal,
): Promise<unknown | null> {
  const reader = READERS[event.slice(0, event.indexOf('.'))];
  if (!reader || (reader.permission && !owner.permissions.has(reader.permission))) {
    return null;
  }
  try {
    return await reader.read(db, objectUuid, owner);
  } catch (error) {
    // Not visible to the owner, or gone: nothing to send. Anything else (the database) fails the attempt.
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) {
      return null;
    }
    throw error;
  }
}
