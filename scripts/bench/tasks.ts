import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench tasks`: with the scale seed (10,000 plans, 200,000 tasks), p50/p95/p99 of the project tasks list:
 * page[size]=1000 as the table/kanban/chart tabs load it (issue 4 target p95 ≤ 150 ms) and 50-row pages (≤ 30 ms),
 * plus a deep page, a status-filtered kanban load with tags, one plan's tasks and a freelancer's list. Each beside
 * node:http answering the same bytes in the same run.
 */
const PAGE_1 = 'GET /api/tasks page[size]=50';
const PAGE_100 = 'GET /api/tasks page[size]=50 page 100';

export async function benchTasks(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nTasks: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const freelancer = await signIn(base, 'freelancer@demo.test');
    const firstTask = (await (await fetch(`${base}/api/tasks?page[size]=1`, { headers: admin })).json()) as {
      data: { project: { uuid: string } }[];
      meta: { total: number };
    };
    console.log(`  the admin sees ${firstTask.meta.total} tasks`);
    const planUuid = firstTask.data[0]?.project.uuid ?? '';
    const calls: Call[] = [
      {
        label: 'GET /api/tasks page[size]=1000 (all plans, newest first)',
        path: '/api/tasks?page[size]=1000',
        goal: 150,
        cpuGoal: 80,
        cpuRequests: 60,
      },
      {
        label: "GET /api/tasks page[size]=50 with a project filter (the plan's Tasks tab)",
        path: `/api/tasks?page[size]=50&filters[project]=${planUuid}`,
        goal: null,
        cpuGoal: 15,
      },
      { label: PAGE_1, path: '/api/tasks?page[size]=50', goal: 30 },
      { label: PAGE_100, path: '/api/tasks?page[size]=50&page[number]=100', goal: null },
      {
        label: 'GET /api/tasks kanban (4 statuses, with=tags, task_sort, 1000)',
        path:
          '/api/tasks?page[size]=1000&with=tags&sort[by]=task_sort&filters[task_status][]=todo' +
          '&filters[task_status][]=in_progress&filters[task_status][]=waiting_approval&filters[task_status][]=pending',
        goal: 150,
      },
      {
        label: "GET /api/tasks one plan's tasks (1000)",
        path: `/api/tasks?page[size]=1000&filters[project]=${planUuid}`,
        goal: 10,
      },
      // The tasks table's sortable columns (issue 10): each an index walk like the default order.
      {
        label: 'GET /api/tasks page[size]=50 sorted by title',
        path: '/api/tasks?page[size]=50&sort[by]=title',
        goal: 30,
      },
      {
        label: 'GET /api/tasks page[size]=50 page 100 by due date desc',
        path: '/api/tasks?page[size]=50&page[number]=100&sort[by]=end_date&sort[direction]=desc',
        goal: 30,
      },
      {
        label: 'GET /api/tasks page[size]=50 sorted by plan title',
        path: '/api/tasks?page[size]=50&sort[by]=project',
        goal: 30,
      },
      {
        label: 'GET /api/tasks page[size]=50 as the freelancer, sorted by status',
        path: '/api/tasks?page[size]=50&sort[by]=status',
        goal: 30,
        headers: freelancer,
      },
      {
        label: 'GET /api/tasks page[size]=50 as the freelancer',
        path: '/api/tasks?page[size]=50',
        goal: 30,
        headers: freelancer,
      },
    ];
    const figures = await compareWithBaseline({
      base,
      calls,
      headers: admin,
      samples: Number(process.env.BENCH_SAMPLES ?? 200),
      warmUp: 20,
      server: api,
    });
    const first = figures.get(PAGE_1);
    const deep = figures.get(PAGE_100);
    if (first && deep) {
      console.log(
        `  page 100 vs page 1: p95 ${deep.p95.toFixed(1)} / ${first.p95.toFixed(1)} ms = ${(deep.p95 / first.p95).toFixed(2)}×, ` +
          `CPU ${deep.cpu?.toFixed(2)} / ${first.cpu?.toFixed(2)} ms = ${((deep.cpu ?? 0) / (first.cpu ?? 1)).toFixed(2)}× ` +
          `(goal ≤ 2×) → ${deep.p95 <= 2 * first.p95 ? 'MET' : 'NOT MET'} (p95)`,
      );
    }
  } finally {
    await api.stop();
  }
}
