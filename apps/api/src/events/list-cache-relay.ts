import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type ChannelListener, listenChannel } from '../db/listen-channel';
import { noteRequestWrite } from '../modules/requests/request-count';
import { noteTaskWrite } from '../modules/tasks/task-count';
import type { DomainEvent, DomainEvents } from './domain-events';

/** PostgreSQL channel on which every instance hears which list caches a committed write made stale. */
export const LIST_CACHE_CHANNEL = 'list_cache';

/** The in-process caches that must follow writes: task totals, and the requests list's figures. */
export type ListCache = 'tasks' | 'requests';
const ALL_LIST_CACHES: readonly ListCache[] = ['tasks', 'requests'];

/**
 * Which caches an event's write can make stale. Request figures read task rows (tasks_time_spent, related tasks)
 * through the task write version, so 'tasks' drops them too. Plans and clients change what a list holds (a plan's
 * type, an archived plan, a deleted client), so they drop both.
 */
const CACHES_BY_MODEL: Record<string, readonly ListCache[]> = {
  task: ['tasks'],
  request: ['requests'],
  timelog: ['tasks', 'requests'],
  requesttimelog: ['requests'],
  project: ['tasks', 'requests'],
  customer: ['tasks', 'requests'],
};

function dropHere(caches: Iterable<ListCache>): void {
  for (const cache of caches) {
    if (cache === 'tasks') {
      noteTaskWrite();
    } else {
      noteRequestWrite();
    }
  }
}

const parseCaches = (text: string): ListCache[] =>
  text.split(',').filter((c): c is ListCache => c === 'tasks' || c === 'requests');

/**
 * Keeps the list caches of every instance behind the writes of any instance (STYLE: writes announce themselves).
 * Producers only publish their domain events; this listener maps them to the caches they make stale, drops those
 * here at once (so the writer's next list already sees its write) and sends one `NOTIFY list_cache` so the other
 * instances drop theirs too, as the session cache does (modules/auth/principal-cache.ts). A notification carries
 * its sender's id, and the sender ignores its own.
 */
export class ListCacheRelay {
  readonly instanceId = randomUUID();
  private listener: ChannelListener | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly log?: { error: (obj: object, msg: string) => void },
  ) {}

  /** Subscribes to the bus and listens for other instances' drops on a dedicated connection. */
  async start(events: DomainEvents): Promise<void> {
    this.unsubscribe = events.subscribe((batch) => this.onEvents(batch));
    this.listener = await listenChannel(this.db.$client, LIST_CACHE_CHANNEL, {
      onMessage: (payload) => {
        const [sender, caches = ''] = payload.split('|');
        if (sender && sender !== this.instanceId) {
          dropHere(parseCaches(caches));
        }
      },
      // Drops missed while the channel was down are covered by dropping everything once it is back; the caches'
      // short TTL bounds the staleness meanwhile.
      onRestored: () => dropHere(new Set(ALL_LIST_CACHES)),
      log: this.log,
    });
  }

  private async onEvents(batch: readonly DomainEvent[]): Promise<void> {
    const caches = new Set<ListCache>();
    for (const event of batch) {
      for (const cache of CACHES_BY_MODEL[event.model] ?? []) {
        caches.add(cache);
      }
    }
    if (caches.size === 0) {
      return;
    }
    dropHere(caches);
    await this.db.execute(
      sql`select pg_notify(${LIST_CACHE_CHANNEL}, ${`${this.instanceId}|${[...caches].join(',')}`})`,
    );
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.listener?.close();
    this.listener = null;
  }
}

/**
 * For writers that run outside a request and have no bus (background jobs): drops the caches here and on every
 * other instance. Call after the write committed.
 */
export async function announceListWrite(db: Database, caches: readonly ListCache[]): Promise<void> {
  dropHere(caches);
  await db.execute(sql`select pg_notify(${LIST_CACHE_CHANNEL}, ${`job|${caches.join(',')}`})`);
}
