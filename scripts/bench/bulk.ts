import { type BenchChild, startChild } from './child';
import { postgresCpuMs, processCpuMs } from './cpu';
import { signIn } from './latency';

type Headers = Record<string, string>;
type Edit = { label: string; list: 'tasks' | 'requests'; data: Record<string, unknown>; put: Record<string, unknown> };

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
/** Single-row PUTs timed for the row-by-row baseline (extrapolated to ROWS). */
const SINGLES = Number(process.env.BENCH_BULK_SINGLES ?? 30);

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) {
    throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as T;
}

/** The first `count` uuids of a list, newest first, read page by page as the screen would. */
async function uuidsOf(base: string, headers: Headers, list: string, count: number): Promise<string[]> {
  const uuids: string[] = [];
  for (let page = 1; uuids.length < count; page++) {
    const answer = await json<{ data: { uuid: string }[] }>(
      await fetch(`${base}/api/${list}?page[size]=100&page[number]=${page}`, { headers }),
    );
    if (answer.data.length === 0) {
      break;
    }
    uuids.push(...answer.data.map((row) => row.uuid));
  }
  return uuids.slice(0, count);
}

const cpuNow = (api: BenchChild) => processCpuMs(api.pid) + postgresCpuMs(api.pgPid);

/**
 * Waits until the API and its PostgreSQL are idle again (the notification listeners that react to a bulk change run
 * after its answer): answers the ms it took.
 */
async function settle(api: BenchChild): Promise<number> {
  const started = performance.now();
  let last = cpuNow(api);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuNow(api);
    if (now - last < 60) {
      return performance.now() - started - 500;
    }
    last = now;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;

/**
 * `npm run bench bulk`: with the scale seed, each bulk edit of issue 19 over 10,000 rows (target ≤ 10 s each, set-wise
 * on the server), printed beside the row-by-row baseline of the same run: the mean of single-row PUTs of the same
 * change, times 10,000. Also the time until the listeners that react (notifications, history) are done, and the CPU
 * (API + PostgreSQL) per row.
 */
export async function benchBulk(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nBulk edit: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const headers = { ...(await signIn(base, 'admin@demo.test')), 'content-type': 'application/json' };
    const people = await json<{ data: { uuid: string; name: string }[] }>(
      await fetch(`${base}/api/assignees?page[size]=50`, { headers }),
    );
    const someone = people.data.find((p) => p.name !== 'Admin')?.uuid ?? people.data[0]?.uuid;
    const ids = {
      tasks: await uuidsOf(base, headers, 'tasks', ROWS + SINGLES),
      requests: await uuidsOf(base, headers, 'requests', ROWS + SINGLES),
    };
    const edits: Edit[] = [
      {
        label: 'tasks: status → in progress',
        list: 'tasks',
        data: { status: 'in_progress' },
        put: { status: 'in_progress' },
      },
      {
        label: 'tasks: add an assignee',
        list: 'tasks',
        data: { responsibles_add: [someone] },
        put: { responsibles_add: [someone] },
      },
      {
        label: 'requests: status → in progress',
        list: 'requests',
        data: { status: 'in_progress' },
        put: { status: 'in_progress' },
      },
      {
        label: 'requests: add a responsible person',
        list: 'requests',
        data: { responsibles_add: [someone] },
        put: { responsibles_add: [someone] },
      },
    ];
    console.log(`  ${ROWS} rows per edit; baseline = mean of ${SINGLES} single-row bulk calls × ${ROWS}`);
    for (const edit of edits) {
      const rows = ids[edit.list].slice(0, ROWS);
      const singles = ids[edit.list].slice(ROWS);
      // The row-by-row baseline: the same change one row per call, as a client without bulk edit would send it.
      await settle(api);
      const singleStarted = performance.now();
      for (const uuid of singles) {
        await json(
          await fetch(`${base}/api/${edit.list}/bulk-operations/update`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ filters: { ids: [uuid] }, data: edit.put }),
          }),
        );
      }
      const perRow = (performance.now() - singleStarted) / Math.max(1, singles.length);
      await settle(api);

      const cpuBefore = cpuNow(api);
      const started = performance.now();
      const answer = await json<{ updated: number; failed: unknown[] }>(
        await fetch(`${base}/api/${edit.list}/bulk-operations/update`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ filters: { ids: rows }, data: edit.data }),
        }),
      );
      const elapsed = performance.now() - started;
      const after = await settle(api);
      const cpu = cpuNow(api) - cpuBefore;
      const verdict = elapsed <= 10_000 ? 'MET' : 'NOT MET';
      console.log(
        `  ${edit.label.padEnd(38)} ${seconds(elapsed)} (${answer.updated} updated, ${answer.failed.length} refused; ` +
          `goal ≤ 10 s: ${verdict}) | listeners done ${seconds(after)} later | CPU ${(cpu / rows.length).toFixed(2)} ms/row` +
          ` | row by row ${seconds(perRow * rows.length)} → ${((perRow * rows.length) / elapsed).toFixed(1)}× faster`,
      );
    }
  } finally {
    await api.stop();
  }
}
