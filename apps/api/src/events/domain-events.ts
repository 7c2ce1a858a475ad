import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../db/client';
import type { EventModel } from './event-kinds';

/**
 * What a committed write announces (STYLE: "writes announce themselves; others react"). Producers never call
 * their consumers: live channels, cache drops, notifications, the audit log and search indexes subscribe here.
 *
 * `projectId` / `userIds` say who may learn of the event, so a consumer can route it without a query per
 * listener: an event about a plan's object carries that plan's internal id; an event only for some people (a
 * notification, a mention) carries their user ids. Internal ids never leave the server: consumers that send
 * anything out use `id` (the object's uuid) and `payload`.
 */
export type DomainEvent = {
  /** The kind of object (event-kinds.ts); each kind declares who may learn of it live (live/read-rules.ts). */
  model: EventModel;
  /** created | updated | deleted, or a model-specific verb (move, budget, …). */
  action: string;
  /** The object's public uuid. */
  id: string;
  /** Who caused it; null for jobs. */
  actorId: number | null;
  /** The web client's token of the write, echoed so that client can ignore its own change. */
  refToken?: string | null;
  /** The plan (internal id) the object belongs to, when it belongs to one. */
  projectId?: number | null;
  /** Only these users may learn of it (internal ids); absent = whoever may see the plan/object. */
  userIds?: number[];
  /** What a view needs to refresh; only public fields (uuids, statuses, titles). */
  payload?: Record<string, unknown>;
};

export type DomainEventListener = (events: readonly DomainEvent[]) => void | Promise<void>;

/**
 * The in-process bus of one app instance. `publish` is called only after the producing transaction committed
 * (use `inTransaction` below), so a rolled-back write announces nothing. Listener failures are logged and never
 * reach the request. Consumers that must act on every instance (cache drops, sockets) relay across instances
 * themselves (PostgreSQL NOTIFY or the socket.io Redis adapter); this bus is deliberately local.
 */
export class DomainEvents {
  private readonly listeners = new Set<DomainEventListener>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, 'error'>) {}

  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(events: readonly DomainEvent[]): void {
    if (events.length === 0) {
      return;
    }
    for (const listener of this.listeners) {
      try {
        const result = listener(events);
        if (result instanceof Promise) {
          result.catch((error) => this.log?.error({ err: error }, 'domain event listener failed'));
        }
      } catch (error) {
        this.log?.error({ err: error }, 'domain event listener failed');
      }
    }
  }
}

/** Collects a transaction's events; they leave only through `inTransaction` once it committed. */
export type Emit = (event: DomainEvent) => void;

/**
 * Runs `work` in one transaction and publishes the events it emitted after the commit; a throw (rollback)
 * publishes nothing.
 */
export async function inTransaction<T>(
  db: Database,
  events: DomainEvents,
  work: (tx: DbExecutor, emit: Emit) => Promise<T>,
): Promise<T> {
  const pending: DomainEvent[] = [];
  const result = await db.transaction((tx) => work(tx, (event) => pending.push(event)));
  events.publish(pending);
  return result;
}
