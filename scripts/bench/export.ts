import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BenchChild, startChild } from './child';
import { signIn } from './latency';

/**
 * `npm run bench export`: with the scale seed (200,000 tasks; DATABASE_URL may point at a pre-loaded one), the
 * data-table toolkit's heavy calls (issue 10 targets):
 * - GET tasks/export-all of 100,000 tasks as CSV (≤ 10 s) and XLSX (≤ 20 s), the API's RSS growth during each
 *   (≤ 100 MB, VmRSS of the API process sampled every 20 ms), beside node:http serving the same file in the same run;
 * - POST tasks/bulk-operations/update of 10,000 tasks (≤ 10 s). The bench puts the scale data back afterwards: the
 *   tasks' status, completion and update times, and deletes the history, notifications and e-mails the run wrote.
 */
const EXPORT_ROWS = 100_000;
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Times one download to the last byte while sampling the server's RSS; answers seconds, bytes and RSS growth. */
async function download(url: string, init: RequestInit, serverPid: number) {
  const before = await rssKb(serverPid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssKb(serverPid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  if (!res.ok) {
    throw new Error(`${url} answered ${res.status}: ${body.toString('utf8', 0, 200)}`);
  }
  return { seconds, body, rssGrowthMb: (peak - before) / 1024, rssBeforeMb: before / 1024 };
}

async function baselineSeconds(body: Buffer): Promise<number> {
  const file = path.join(tmpdir(), `portal-bench-export-${process.pid}`);
  await writeFile(file, body);
  const bare: BenchChild = await startChild('bare-server.ts', { BENCH_BODY_FILE: file });
  try {
    const started = performance.now();
    await (await fetch(`http://127.0.0.1:${bare.port}/`)).arrayBuffer();
    return (performance.now() - started) / 1000;
  } finally {
    await bare.stop();
    await rm(file, { force: true });
  }
}

const verdict = (value: number, goal: number) => (value <= goal ? 'MET' : 'NOT MET');

async function benchExports(base: string, admin: Record<string, string>, api: BenchChild) {
  for (const [format, goal] of [
    ['csv', 10],
    ['xlsx', 20],
  ] as const) {
    const url = `${base}/api/tasks/export-all?page[size]=${EXPORT_ROWS}&format=${format}`;
    // As a browser asks (the CSV travels compressed); fetch hands back the decoded file.
    const run = await download(url, { headers: { ...admin, ...BROWSER_ENCODING } }, api.pid);
    const rows =
      format === 'csv' ? ` (${run.body.toString('utf8').split('\r\n').filter(Boolean).length - 1} rows)` : '';
    const baseline = await baselineSeconds(run.body);
    console.log(
      `  tasks/export-all ${format.toUpperCase()}: ${run.seconds.toFixed(2)} s for a ${(run.body.length / 1e6).toFixed(1)} MB file${rows}` +
        ` — node:http serving the same bytes ${baseline.toFixed(3)} s; goal ≤ ${goal} s → ${verdict(run.seconds, goal)}`,
    );
    console.log(
      `    API RSS ${run.rssBeforeMb.toFixed(0)} MB before, +${run.rssGrowthMb.toFixed(1)} MB at peak` +
        ` (goal ≤ 100 MB → ${verdict(run.rssGrowthMb, 100)})`,
    );
  }
}

type Saved = { id: number; uuid: string; status: string; completed_at: Date | null; updated_at: Date };

/** Bulk status change of BULK_ROWS todo tasks, then everything it wrote is put back as it was. */
async function benchBulk(base: string, admin: Record<string, string>, databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const picked = await db.query<Saved>(
      `select id, uuid, status, completed_at, updated_at from tasks where status = 'todo' order by id limit $1`,
      [BULK_ROWS],
    );
    const marks = await db.query<{ logs: number; notes: number; mails: number }>(
      `select (select coalesce(max(id), 0) from activity_logs) as logs,
        (select coalesce(max(id), 0) from notifications) as notes,
        (select coalesce(max(id), 0) from mail_outbox) as mails`,
    );
    const mark = marks.rows[0] ?? { logs: 0, notes: 0, mails: 0 };
    const uuids = picked.rows.map((r) => r.uuid);
    // Baseline: the bare database work of the change, one UPDATE of the same rows (rolled back), in the same run.
    const bareStart = performance.now();
    await db.query('begin');
    await db.query(`update tasks set status = 'pending', completed_at = null where uuid = any($1::uuid[])`, [uuids]);
    await db.query('rollback');
    const bareSeconds = (performance.now() - bareStart) / 1000;
    const started = performance.now();
    const res = await fetch(`${base}/api/tasks/bulk-operations/update`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { ids: uuids }, data: { status: 'pending' } }),
    });
    const answer = (await res.json()) as { updated: number; failed: { message: string }[] };
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  tasks/bulk-operations/update of ${uuids.length} tasks (todo → pending): ${seconds.toFixed(2)} s, ` +
        `${answer.updated} updated, ${answer.failed?.length ?? '?'} refused — bare UPDATE of the same rows ` +
        `${bareSeconds.toFixed(2)} s; goal ≤ 10 s → ${verdict(seconds, 10)}`,
    );
    if (answer.failed?.length) {
      console.log(`    first refusal: ${answer.failed[0]?.message}`);
    }
    // Put the scale data back: the tasks as they were, and what the run wrote about them.
    const ids = picked.rows.map((r) => r.id);
    await db.query('begin');
    await db.query(
      `update tasks t set status = v.status, completed_at = v.completed_at, updated_at = v.updated_at
       from unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[]) as v(id, status, completed_at, updated_at)
       where t.id = v.id`,
      [
        ids,
        picked.rows.map((r) => r.status),
        picked.rows.map((r) => r.completed_at),
        picked.rows.map((r) => r.updated_at),
      ],
    );
    const logs = await db.query(
      `delete from activity_logs where id > $1 and subject_type = 'task' and subject_id = any($2::int[])`,
      [mark.logs, ids],
    );
    const notes = await db.query(
      `delete from notifications where id > $1 and substring(data->>'action_url' from 'task_uuid=([0-9a-f-]{36})') = any($2::text[])`,
      [mark.notes, uuids],
    );
    const mails = await db.query(
      // Single-task e-mails name their task; a person told about several gets one digest (bulk-digest.ts).
      `delete from mail_outbox where id > $1 and (substring(text_body from 'task_uuid=([0-9a-f-]{36})') = any($2::text[])
        or subject ~ '^[0-9]+ new notifications')`,
      [mark.mails, uuids],
    );
    await db.query('commit');
    console.log(
      `    restored ${ids.length} tasks; removed ${logs.rowCount} history entries, ${notes.rowCount} notifications, ` +
        `${mails.rowCount} e-mails the run wrote`,
    );
  } finally {
    await db.end();
  }
}

export async function benchExport(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(
    `\nExport and bulk: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    // EXPORT_BENCH=bulk measures only the bulk update (the exports take a few minutes at this scale).
    if (process.env.EXPORT_BENCH !== 'bulk') {
      await benchExports(base, admin, api);
    }
    if (process.env.DATABASE_URL) {
      await benchBulk(base, admin, process.env.DATABASE_URL);
    } else {
      console.log('  bulk update: skipped (set DATABASE_URL to the scale database; the run restores what it changes)');
    }
  } finally {
    await api.stop();
  }
}
