import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';

/**
 * The audit trail's writer: it listens to committed domain events and keeps one row per event of the models the
 * trail covers. Tasks and requests are not copied: their field-level history already lives in activity_logs and the
 * trail reads it from there. Producers add nothing for the trail beyond their usual event.
 */
const SUBJECT_OF_MODEL: Record<string, string> = {
  project: 'plan',
  customer: 'client',
  contact: 'contact',
  user: 'user',
  role: 'role',
  session: 'session',
  export: 'export',
  onboarding: 'onboarding',
  post: 'post',
  post_category: 'post_category',
};

/**
 * Models whose events go live for every change but reach the trail only for some verbs: an onboarding's trail entry
 * is each reveal of a credential (who read which item); its other changes are in the onboarding's own history.
 */
const TRAIL_ACTIONS: Record<string, readonly string[]> = { onboarding: ['reveal'] };

const inTrail = (event: DomainEvent) =>
  Boolean(SUBJECT_OF_MODEL[event.model]) && (TRAIL_ACTIONS[event.model]?.includes(event.action) ?? true);

/** Events say created/updated/deleted; the trail speaks the history's words (create, update, delete). */
const ACTION_WORDS: Record<string, string> = { created: 'create', updated: 'update', deleted: 'delete' };

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value.slice(0, 300) : null);

function labelOf(payload: Record<string, unknown>): string | null {
  return (
    text(payload.title) ??
    text(payload.name) ??
    text(payload.business_name) ??
    text(payload.subject) ??
    text(payload.email) ??
    null
  );
}

/** Only names of things (fields, permissions), never values: the trail must not become a copy of the data. */
function detailsOf(payload: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  // via and reason: how a sign-in came (sso, sign_in_link…) and why one was refused — names, not values.
  for (const key of ['fields', 'permissions', 'format', 'rows', 'via', 'reason']) {
    const value = payload[key];
    if (Array.isArray(value)) {
      details[key] = value.filter((item) => typeof item === 'string').slice(0, 200);
    } else if (typeof value === 'string' || typeof value === 'number') {
      details[key] = value;
    }
  }
  return details;
}

export async function recordAuditEvents(db: Database, events: readonly DomainEvent[]): Promise<void> {
  const relevant = events.filter(inTrail);
  if (relevant.length === 0) {
    return;
  }
  const actorIds = [...new Set(relevant.map((event) => event.actorId).filter((id): id is number => id !== null))];
  const emails = new Map(
    actorIds.length
      ? (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, actorIds))).map(
          (row) => [row.id, row.email],
        )
      : [],
  );
  await db.insert(auditLogs).values(
    relevant.map((event) => {
      const payload = event.payload ?? {};
      return {
        actorId: event.actorId,
        actorEmail: (event.actorId !== null ? emails.get(event.actorId) : undefined) ?? text(payload.email),
        action: ACTION_WORDS[event.action] ?? event.action.slice(0, 40),
        subjectType: SUBJECT_OF_MODEL[event.model] ?? event.model,
        subjectUuid: text(event.id),
        subjectLabel: labelOf(payload),
        ip: text(payload.ip),
        details: detailsOf(payload),
      };
    }),
  );
}

/**
 * Subscribes the writer; answers the unsubscribe function. Batches are written one after another in the order they
 * were published: the trail is read newest first (a plan's history), and two batches written concurrently could
 * otherwise land in the opposite order of the writes they record (the first one's actor lookup finishing last).
 */
export function subscribeAuditTrail(db: Database, events: DomainEvents): () => void {
  let previous: Promise<void> = Promise.resolve();
  return events.subscribe((batch) => {
    const write = previous.then(() => recordAuditEvents(db, batch));
    // A failed batch is logged by the bus (it gets `write`); the chain goes on with the next one.
    previous = write.catch(() => undefined);
    return write;
  });
}
