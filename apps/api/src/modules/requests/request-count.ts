import type { SQL } from 'drizzle-orm';
import { and, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import { taskWriteVersion } from '../tasks/task-count';

/**
 * Figures over at least this many requests are cached. Lower than the task lists' threshold: the grouped pass reads
 * every row of a filtered set that the page's index walk does not need (the new-request badge's few thousand 'new'
 * requests cost ~15 ms to count), while a set of a few hundred counts in well under a millisecond.
 */
const CACHED_FIGURES_MIN = 1_000;
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

let writeVersion = 0;

/**
 * Drops the cached figures. Called by the list cache relay (events/list-cache-relay.ts) for every committed request,
 * time-log, plan or client write of any instance; writers only announce their events. Task writes (tasks.request_id,
 * task time logs) are seen through the task write version.
 */
export function noteRequestWrite(): void {
  writeVersion++;
}

export type TemperatureGroup = { temperature: number | null; n: number; minutes: number };
export type RequestFigures = { groups: TemperatureGroup[] };

type Entry = { figures: RequestFigures; version: string; expires: number };
const cache = new Map<string, Entry>();
const version = () => `${writeVersion}:${taskWriteVersion()}`;

/**
 * One grouped pass over the filtered set (without the temperature filter): rows and minutes (own and tasks') per
 * temperature, which answers meta.total, count_per_temp and total_time at once — from requests_figures_idx alone
 * for the default list.
 */
function groupQuery(db: DbExecutor, base: SQL[]) {
  return db
    .select({
      temperature: requests.temperature,
      n: sql<number>`count(*)::int`,
      minutes: sql<string>`coalesce(sum(${requests.timeSpent} + ${requests.tasksTimeSpent}), 0)::bigint`,
    })
    .from(requests)
    .where(and(...base))
    .groupBy(requests.temperature);
}

/**
 * The list's figures. Like task totals (modules/tasks/task-count.ts), every page of a table asks for the same
 * figures, so a large set's figures are kept for a few seconds per exact query and dropped at any
 * instance's next request, time-log or task write.
 */
export async function requestFigures(db: DbExecutor, base: SQL[]): Promise<RequestFigures> {
  const query = groupQuery(db, base);
  const { sql: text, params } = query.toSQL();
  const key = [text, JSON.stringify(params)].join('\u0000');
  const now = Date.now();
  const current = version();
  const hit = cache.get(key);
  if (hit && hit.version === current && hit.expires > now) {
    return hit.figures;
  }
  const rows = await query;
  const figures: RequestFigures = {
    groups: rows.map((r) => ({ temperature: r.temperature, n: r.n, minutes: Number(r.minutes) })),
  };
  if (figures.groups.reduce((sum, g) => sum + g.n, 0) >= CACHED_FIGURES_MIN) {
    if (cache.size >= MAX_ENTRIES) {
      cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, { figures, version: current, expires: now + TTL_MS });
  }
  return figures;
}
