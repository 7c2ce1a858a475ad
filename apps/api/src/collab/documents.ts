import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client';
import { customers, posts, requests, tasks } from '../db/schema';
import type { Principal } from '../http/access';
import { findVisibleRequest } from '../modules/requests/request-access';
import { findVisibleTask } from '../modules/tasks/task-access';
import { descriptionText } from '../modules/tasks/task-rules';
import { descriptionWithBrief } from './stored-text';
import type { DeltaJson as Delta } from './ytext';

/** The texts edited together (doc 2 §7 "editor sync"): one Yjs document each, named `<kind>.<uuid>.<field>`. */
export type CollabTarget =
  | { kind: 'task'; uuid: string; field: 'description' }
  | { kind: 'request'; uuid: string; field: 'project_brief' }
  | { kind: 'customer'; uuid: string; field: 'notes' }
  | { kind: 'post'; uuid: string; field: 'body' };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NAME = new RegExp(
  `^(task\\.(${UUID})\\.description|request\\.(${UUID})\\.project_brief|customer\\.(${UUID})\\.notes|post\\.(${UUID})\\.body)$`,
);

export function parseDocumentName(name: string): CollabTarget | null {
  const match = NAME.exec(name);
  if (!match) {
    return null;
  }
  if (match[2]) {
    return { kind: 'task', uuid: match[2], field: 'description' };
  }
  if (match[3]) {
    return { kind: 'request', uuid: match[3], field: 'project_brief' };
  }
  if (match[4]) {
    return { kind: 'customer', uuid: match[4], field: 'notes' };
  }
  return match[5] ? { kind: 'post', uuid: match[5], field: 'body' } : null;
}

export const documentName = (target: CollabTarget) => `${target.kind}.${target.uuid}.${target.field}`;

/**
 * What this person may do with the text: edit it when they may update the object, read it when they may read the
 * object, otherwise nothing (the same rules as the object's own routes). Unknown and hidden objects are 'none'.
 */
export async function accessTo(
  db: Database,
  principal: Principal,
  target: CollabTarget,
): Promise<'edit' | 'read' | 'none'> {
  const can = (permission: string) => principal.permissions.has(permission);
  const viewer = { userId: principal.userId, type: principal.type };
  try {
    switch (target.kind) {
      case 'task':
        if (!isStaff(principal) || !can('TASKS_READ')) {
          return 'none';
        }
        await findVisibleTask(db, target.uuid, viewer);
        return can('TASKS_UPDATE') ? 'edit' : 'read';
      case 'request':
        if (!isStaff(principal) || !can('REQUEST_READ')) {
          return 'none';
        }
        await findVisibleRequest(db, target.uuid, viewer);
        // Freelancers may read requests but never change their brief (doc 2 §6, request-access.ts).
        return can('REQUEST_UPDATE') && principal.type === 'regular_user' ? 'edit' : 'read';
      case 'customer': {
        if (principal.type !== 'regular_user' || !can('CUSTOMERS_READ')) {
          return 'none';
        }
        const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.uuid, target.uuid));
        if (!found) {
          return 'none';
        }
        return can('CUSTOMERS_UPDATE') ? 'edit' : 'read';
      }
      case 'post': {
        // The blog is a regular user's screen (/cms), as its routes are.
        if (principal.type !== 'regular_user' || !can('POSTS_READ')) {
          return 'none';
        }
        const [found] = await db.select({ id: posts.id }).from(posts).where(eq(posts.uuid, target.uuid));
        if (!found) {
          return 'none';
        }
        return can('POSTS_UPDATE') ? 'edit' : 'read';
      }
    }
  } catch {
    return 'none';
  }
}

const isStaff = (p: Principal) => p.type === 'regular_user' || p.type === 'freelancer';

/** The object's stored delta: where a new document starts from. */
export async function readDelta(db: DbExecutor, target: CollabTarget): Promise<Delta | null> {
  let value: unknown;
  if (target.kind === 'task') {
    [value] = (await db.select({ d: tasks.descriptionDelta }).from(tasks).where(eq(tasks.uuid, target.uuid))).map(
      (r) => r.d,
    );
  } else if (target.kind === 'request') {
    [value] = (
      await db.select({ d: requests.descriptionDelta }).from(requests).where(eq(requests.uuid, target.uuid))
    ).map((r) => r.d);
  } else if (target.kind === 'post') {
    [value] = (await db.select({ d: posts.bodyDelta }).from(posts).where(eq(posts.uuid, target.uuid))).map((r) => r.d);
  } else {
    [value] = (await db.select({ d: customers.notesDelta }).from(customers).where(eq(customers.uuid, target.uuid))).map(
      (r) => r.d,
    );
  }
  return isDelta(value) ? value : null;
}

/** Keeps the object's delta column (and its plain text) equal to the document, so every reader sees the text. */
export async function writeDelta(db: DbExecutor, target: CollabTarget, delta: Delta): Promise<void> {
  const text = descriptionText(delta);
  if (target.kind === 'task') {
    await db.update(tasks).set({ descriptionDelta: delta, descriptionText: text }).where(eq(tasks.uuid, target.uuid));
  } else if (target.kind === 'request') {
    const [row] = await db
      .select({ description: requests.description })
      .from(requests)
      .where(eq(requests.uuid, target.uuid));
    await db
      .update(requests)
      .set({ descriptionDelta: delta, description: descriptionWithBrief(row?.description ?? null, delta) })
      .where(eq(requests.uuid, target.uuid));
  } else if (target.kind === 'post') {
    // body_text is what global search reads (the cms group).
    await db
      .update(posts)
      .set({ bodyDelta: delta, bodyText: text ?? '', updatedAt: new Date() })
      .where(eq(posts.uuid, target.uuid));
  } else {
    await db.update(customers).set({ notesDelta: delta, notes: text }).where(eq(customers.uuid, target.uuid));
  }
}

export function isDelta(value: unknown): value is Delta {
  return Boolean(value) && typeof value === 'object' && Array.isArray((value as { ops?: unknown }).ops);
}
