import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench reports`: with the scale seed (10,000 plans, 1,025,000 time logs; DATABASE_URL may point at a
 * pre-loaded one), p50/p95/p99 of the reports beside node:http answering the same bytes: the timelog report over the
 * last 30 days for everyone (issue 10 target p95 ≤ 200 ms) and the project time report over every plan of the
 * default statuses (p95 ≤ 300 ms), plus context calls (a 500-row page, missed_only, the performance list, the
 * general report, a freelancer's own report).
 */
export async function benchReports(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nReports: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const freelancer = await signIn(base, 'freelancer@demo.test');
    const probe = (await (await fetch(`${base}/api/reports/time-logs`, { headers: admin })).json()) as {
      meta: { total: number; window: { date_from: string; date_to: string } };
      totals: { by_user: unknown[]; by_project_count: number };
    };
    console.log(
      `  30 days (${probe.meta.window.date_from} … ${probe.meta.window.date_to}): ${probe.meta.total} logs, ` +
        `${probe.totals.by_user.length} people, ${probe.totals.by_project_count} plans`,
    );
    const plans = (await (await fetch(`${base}/api/reports/project-time?page[size]=1`, { headers: admin })).json()) as {
      meta: { total: number };
    };
    console.log(`  project time report: ${plans.meta.total} plans in the default statuses`);
    const calls: Call[] = [
      {
        label: 'GET /api/reports/time-logs (last 30 days, everyone, 50 rows + totals)',
        path: '/api/reports/time-logs',
        goal: 200,
      },
      {
        label: 'GET /api/reports/project-time (every plan of the default statuses, 50 rows + totals)',
        path: '/api/reports/project-time',
        goal: 300,
      },
      {
        label: 'GET /api/reports/time-logs page[size]=500',
        path: '/api/reports/time-logs?page[size]=500',
        goal: null,
      },
      { label: 'GET /api/reports/time-logs missed_only=1', path: '/api/reports/time-logs?missed_only=1', goal: null },
      {
        label: 'GET /api/reports/project-time sorted by available, desc',
        path: '/api/reports/project-time?sort[by]=available&sort[direction]=desc',
        goal: null,
      },
      { label: 'GET /api/reports/user-performance', path: '/api/reports/user-performance', goal: null },
      {
        label: 'GET /api/projects/time-log/general-report (last 30 days)',
        path: `/api/projects/time-log/general-report?filters[status][]=completed&date_from=${probe.meta.window.date_from}`,
        goal: null,
      },
      {
        label: 'GET /api/reports/time-logs as the freelancer (own logs)',
        path: '/api/reports/time-logs',
        goal: null,
        headers: freelancer,
      },
    ];
    await compareWithBaseline({
      base,
      calls,
      headers: admin,
      samples: Number(process.env.BENCH_SAMPLES ?? 100),
      warmUp: 10,
      server: api,
    });
  } finally {
    await api.stop();
  }
}
