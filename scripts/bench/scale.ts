import { startChild } from './child';
import { compareWithBaseline, signIn } from './latency';

/**
 * GET customers?page[size]=999 and GET projects/lite (default filter) with 2,000 clients and 10,000 plans (issue 3:
 * p95 ≤ 50 ms), each beside node:http answering the same bytes. The API runs in its own process on a throw-away
 * database seeded at scale.
 */
export async function benchScale(): Promise<void> {
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  try {
    const base = `http://127.0.0.1:${api.port}`;
    console.log('\nScale: 2,000 clients and 10,000 plans');
    await compareWithBaseline({
      base,
      headers: await signIn(base, 'admin@demo.test'),
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      warmUp: 30,
      server: api,
      calls: [
        { label: 'GET /api/customers?page[size]=999', path: '/api/customers?page[size]=999', goal: 50 },
        { label: 'GET /api/projects/lite', path: '/api/projects/lite', goal: 50 },
      ],
    });
  } finally {
    await api.stop();
  }
}
