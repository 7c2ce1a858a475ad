import type { UserType } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requests, tasks } from '../../db/schema';
import { visibleRequests } from '../requests/request-access';
import { visibleTasks } from '../tasks/task-access';

export const UPLOAD_HOLDER_TYPES = [
  'task',
  'request',
  'comment',
  'customer',
  'user',
  'form_answer',
  'onboarding_item',
  'onboarding_welcome',
  'agency_logo',
  'content_item',
  'post_cover',
] as const;
export type UploadHolderType = (typeof UPLOAD_HOLDER_TYPES)[number];
export type UploadHolder = { type: UploadHolderType; id: number };

/** Who is asking, as far as file visibility cares. */
export type UploadViewer = { userId: number; type: UserType };

/**
 * What a kind of holder says about its files: who may see them (the holder's own visibility rule, so someone who
 * cannot see the task, request, comment or client gets 404 for its files) and who besides the uploader may delete
 * them (doc 2 §7: the creator of the comment holding it).
 */
export type UploadHolderPolicy = {
  canView(db: DbExecutor, viewer: UploadViewer, holderId: number): Promise<boolean>;
  deleterIds?(db: DbExecutor, holderId: number): Promise<number[]>;
};

const exists = async (db: DbExecutor, query: ReturnType<typeof sql>) => (await db.execute(query)).rows.length > 0;

const policies = new Map<UploadHolderType, UploadHolderPolicy>([
  [
    'task',
    {
      canView: async (db, viewer, id) =>
        (
          await db
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(eq(tasks.id, id), visibleTasks(viewer)))
            .limit(1)
        ).length > 0,
    },
  ],
  [
    'request',
    {
      canView: async (db, viewer, id) =>
        (
          await db
            .select({ id: requests.id })
            .from(requests)
            .where(and(eq(requests.id, id), visibleRequests(viewer)))
            .limit(1)
        ).length > 0,
    },
  ],
  // The client list is staff-only (customers.routes.ts); so are the images in a client's notes.
  [
    'customer',
    {
      canView: async (db, viewer, id) =>
        viewer.type === 'regular_user' && exists(db, sql`select 1 from customers where id = ${id}`),
    },
  ],
  // A mass-download zip belongs to the person who asked for it.
  ['user', { canView: async (_db, viewer, id) => viewer.userId === id }],
]);

/**
 * Lets another module say who sees the files its objects hold; the comments module registers 'comment' (visible
 * when the comment is, deletable by its creator). Until a policy is registered, such files are visible only to the
 * person who uploaded them.
 */
export function registerUploadHolder(type: UploadHolderType, policy: UploadHolderPolicy): void {
  policies.set(type, policy);
}

type HeldFile = { createdById: number | null; holderType: string | null; holderId: number | null };

export async function canViewUpload(db: DbExecutor, viewer: UploadViewer, file: HeldFile): Promise<boolean> {
  if (file.createdById === viewer.userId) {
    return true;
  }
  if (!file.holderType || file.holderId === null) {
    return false;
  }
  const policy = policies.get(file.holderType as UploadHolderType);
  return policy ? policy.canView(db, viewer, file.holderId) : false;
}

/** Only the uploader deletes a file, or whoever the holder names (the creator of the comment holding it). */
export async function canDeleteUpload(db: DbExecutor, viewer: UploadViewer, file: HeldFile): Promise<boolean> {
  if (file.createdById === viewer.userId) {
    return true;
  }
  if (!file.holderType || file.holderId === null) {
    return false;
  }
  const policy = policies.get(file.holderType as UploadHolderType);
  return policy?.deleterIds ? (await policy.deleterIds(db, file.holderId)).includes(viewer.userId) : false;
}
