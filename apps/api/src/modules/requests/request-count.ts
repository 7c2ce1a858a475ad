import type { SQL } from 'drizzle-orm';
import { and, inArray, sql } from 'drizzle-orm';
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
 * Every write that adds, removes or changes requests (status, temperature, time) calls this after its commit, so
 * this instance never answers figures that predate its own writes. Task writes (tasks.request_id, task time logs)
 * are seen through the task write version.
 */
export function noteRequestWrite(): void {
  writeVersion++;
}

export type TemperatureGroup = { temperature: number | null; n: number; minutes: number };
export type RequestFigures = { groups: TemperatureGroup[]; tasksMinutes?: number };

type Entry = { figures: RequestFigures; version: string; expires: number };
const cache = new Map<string, Entry>();
const version = () => `${writeVersion}:${taskWriteVersion()}`;

/**
 * One grouped pass over the filtered set (without the temperature filter): rows and own minutes per temperature,
 * which answers meta.total, count_per_temp and the requests' share of total_time at once.
 */
function groupQuery(db: DbExecutor, base: SQL[]) {
  return db
    .select({
      temperature: requests.temperature,
      n: sql<number>`count(*)::int`,
      minutes: sql<string>`coalesce(sum(${requests.timeSpent}), 0)::bigint`,
    })
    .from(requests)
    .where(and(...base))
    .groupBy(requests.temperature);
}

/** Completed minutes logged on the tasks of the requests `where` selects. */
async function tasksMinutes(db: DbExecutor, where: SQL | undefined): Promise<number> {
  const result = await db.execute<{ minutes: string | null }>(sql`
    select coalesce(sum(tl.minutes), 0) as minutes from time_logs tl join tasks t on t.id = tl.task_id
    where tl.status = 'completed' and t.request_id in (select ${requests.id} from ${requests} where ${where ?? sql`true`})`);
  return Number(result.rows[0]?.minutes ?? 0);
}

/**
 * The list's figures. Like task totals (modules/tasks/task-count.ts), scanning 100,000 requests costs more than
 * the page itself and every page of a table asks for the same figures, so a large set's figures are kept for a
 * few seconds per exact query and dropped at this instance's next request or task write.
 */
export async function requestFigures(
  db: DbExecutor,
  base: SQL[],
  /** The temperatures filtered on (none: no temperature filter); they narrow only the tasks' minutes here. */
  temperatures: number[],
  withTasksMinutes: boolean,
): Promise<RequestFigures> {
  const query = groupQuery(db, base);
  const { sql: text, params } = query.toSQL();
  const key = [text, JSON.stringify(params), withTasksMinutes, temperatures.join(',')].join('\u0000');
  const now = Date.now();
  const current = version();
  const hit = cache.get(key);
  if (hit && hit.version === current && hit.expires > now) {
    return hit.figures;
  }
  const rows = await query;
  const groups = rows.map((r) => ({ temperature: r.temperature, n: r.n, minutes: Number(r.minutes) }));
  const temperature = temperatures.length ? inArray(requests.temperature, temperatures) : undefined;
  const figures: RequestFigures = {
    groups,
    ...(withTasksMinutes ? { tasksMinutes: await tasksMinutes(db, and(...base, temperature)) } : {}),
  };
  if (groups.reduce((sum, g) => sum + g.n, 0) >= CACHED_FIGURES_MIN) {
    if (cache.size >= MAX_ENTRIES) {
      cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, { figures, version: current, expires: now + TTL_MS });
  }
  return figures;
}
