import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench onboarding`: the onboarding board with 2,000 clients — GET /api/onboardings as the board asks for
 * it (the open ones, a page of 1,000, by progress; the web's BoardPage) — and the table's first page, each beside
 * node:http answering the same bytes. Target: the board's p95 ≤ 50 ms.
 */
export async function benchOnboarding(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_ONBOARDING: '1' });
  console.log(
    `\nOnboarding: API with 2,000 clients' onboardings ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const samples = Number(process.env.BENCH_SAMPLES ?? 300);
    const board =
      '/api/onboardings?filters[status]=open&page[size]=1000&page[number]=1&sort[by]=progress&sort[direction]=asc';
    const calls: Call[] = [
      { label: 'GET /api/onboardings, the board (open, 1,000 by progress)', path: board, goal: 50 },
      {
        label: 'GET /api/onboardings, the table (first page of 50, newest first)',
        path: '/api/onboardings?page[size]=50&sort[by]=started_at&sort[direction]=desc',
        goal: 50,
      },
      {
        label: 'GET /api/onboardings, stuck ones searched by name',
        path: '/api/onboardings?filters[stuck]=1&search_term=bench%2001&page[size]=50',
        goal: 50,
      },
    ];
    await compareWithBaseline({ base, calls, headers: admin, samples, warmUp: 30, server: api });
  } finally {
    await api.stop();
  }
}
