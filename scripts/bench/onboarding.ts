import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench onboarding`: the onboarding board with 2,000 clients — GET /api/onboardings/board as the web's
 * BoardPage asks for it (the open ones, every column at once, 25 cards a column) and a column's "Show more" page —
 * the former board read (1,000 rows by progress) for comparison, the table's first page and a stuck search, each
 * beside node:http answering the same bytes. Target: the board's p95 ≤ 50 ms. BENCH_ONLY=onboardings/board: the board
 * calls only.
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
    const board = '/api/onboardings/board?per_column=25&page=1&filters[status]=open';
    const formerBoard =
      '/api/onboardings?filters[status]=open&page[size]=1000&page[number]=1&sort[by]=progress&sort[direction]=asc';
    const calls: Call[] = [
      { label: 'GET /api/onboardings/board, the board (open, 25 a column)', path: board, goal: 50 },
      {
        label: 'GET /api/onboardings/board, Show more (a column, page 2)',
        path: `${board.replace('page=1', 'page=2')}&filters[current_step]=requirements`,
        goal: 50,
      },
      {
        label: 'GET /api/onboardings, the former board read (open, 1,000 by progress)',
        path: formerBoard,
        goal: null,
      },
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
