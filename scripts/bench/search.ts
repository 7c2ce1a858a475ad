import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/** Terms of 1, 3 and 8 letters; the scale data's titles all start with 'Scale', so 's' and 'sca' match ~300,000 rows. */
const TERMS: { term: string; note: string }[] = [
  { term: 's', note: '1 letter, matches every scale row' },
  { term: 'q', note: '1 letter, few matches' },
  { term: 'sca', note: '3 letters, matches every scale row' },
  { term: 'bri', note: '3 letters, few matches' },
  { term: 'requests', note: '8 letters, no word match: typo path over 100,000 requests' },
  { term: 'branding', note: '8 letters, few matches' },
  { term: 'scale re', note: '8 characters, two words' },
];

/**
 * `npm run bench search`: GET global-search at the scale seed (2,000 clients, 10,000 plans, 200,000 tasks, 100,000
 * requests) for the admin and for a freelancer (visibility rules), p50/p95/p99 of each term beside node:http
 * answering the same bytes (issue 13 target: p95 ≤ 100 ms for 1-, 3- and 8-letter terms), and the CPU of each request
 * in the API and its PostgreSQL (issue 24 target: ≤ 5 ms).
 */
export async function benchSearch(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(
    `\nGlobal search: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const freelancer = await signIn(base, 'freelancer@demo.test');
    const calls: Call[] = [];
    for (const { term, note } of TERMS) {
      const path = `/api/global-search?search_term=${encodeURIComponent(term)}`;
      calls.push({ label: `admin '${term}' (${note})`, path, goal: 100, cpuGoal: 5 });
    }
    for (const term of ['s', 'sca', 'requests']) {
      calls.push({
        label: `freelancer '${term}'`,
        path: `/api/global-search?search_term=${encodeURIComponent(term)}`,
        goal: 100,
        cpuGoal: 5,
        headers: freelancer,
      });
    }
    await compareWithBaseline({
      base,
      calls,
      headers: admin,
      samples: Number(process.env.BENCH_SAMPLES ?? 200),
      warmUp: 20,
      server: api,
    });
  } finally {
    await api.stop();
  }
}
