import { get } from 'node:http';
import autocannon from 'autocannon';
import { BUSY_TASK_UUID } from '../../apps/api/src/seed/seed-scale-comments';
import { type BenchChild, startChild } from './child';
import { postgresCpuMs, processCpuMs } from './cpu';
import { signIn } from './latency';
import { REQUESTS_DEFAULT_LIST } from './requests';

type Encoding = 'identity' | 'gzip' | 'br';
const ENCODINGS: Encoding[] = ['identity', 'gzip', 'br'];

/** The answer's size as sent (fetch would decode it): node:http hands over the encoded bytes. */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}

/** Requests per second under load, and the CPU each took in the API process and its PostgreSQL (from /proc). */
async function throughput(api: BenchChild, url: string, headers: Record<string, string>, seconds: number) {
  const cpuBefore = processCpuMs(api.pid) + postgresCpuMs(api.pgPid);
  const result = await autocannon({ url, headers, connections: 8, duration: seconds, pipelining: 1 });
  const cpu = processCpuMs(api.pid) + postgresCpuMs(api.pgPid) - cpuBefore;
  return { rps: result.requests.average, errors: result.errors + result.non2xx, cpu, requests: result.requests.total };
}

/**
 * `npm run bench compression`: throughput of the task, comment and request lists at the scale seed with and
 * without compression (issue 24: compressed at least 90 % of uncompressed). Each list is loaded in rounds that
 * alternate identity, gzip and brotli, so a busy machine slows all three alike; the answer sizes show what the
 * CPU buys. The server compresses as it does in production (http/compression.ts).
 */
export async function benchCompression(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
  const api = await startChild('api-server.ts', { SEED_SCALE: '1', SEED_COMMENTS: '1' });
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const lists = [
      { label: 'GET /api/tasks page[size]=50 (all plans)', path: '/api/tasks?page[size]=50' },
      {
        label: 'GET /api/tasks/{uuid}/comments first page of 100',
        path: `/api/tasks/${BUSY_TASK_UUID}/comments?page[size]=100&page[number]=1&sort[by]=created_at`,
      },
      { label: 'GET /api/requests default list, page 1 of 50', path: REQUESTS_DEFAULT_LIST },
    ];
    console.log(`\nCompression: ${rounds} rounds × ${seconds} s per encoding, 8 connections, the scale seed`);
    // BENCH_ONLY=<text>: only the lists whose label contains it.
    for (const list of lists.filter((l) => !process.env.BENCH_ONLY || l.label.includes(process.env.BENCH_ONLY))) {
      const url = `${base}${list.path}`;
      const sizes: Record<Encoding, number> = { identity: 0, gzip: 0, br: 0 };
      for (const encoding of ENCODINGS) {
        sizes[encoding] = await wireBytes(url, { ...admin, 'accept-encoding': encoding });
      }
      await throughput(api, url, admin, 2);
      const totals: Record<Encoding, { rps: number; errors: number; cpu: number; requests: number }> = {
        identity: { rps: 0, errors: 0, cpu: 0, requests: 0 },
        gzip: { rps: 0, errors: 0, cpu: 0, requests: 0 },
        br: { rps: 0, errors: 0, cpu: 0, requests: 0 },
      };
      for (let round = 0; round < rounds; round++) {
        for (const encoding of ENCODINGS) {
          const result = await throughput(api, url, { ...admin, 'accept-encoding': encoding }, seconds);
          totals[encoding].rps += result.rps / rounds;
          totals[encoding].errors += result.errors;
          totals[encoding].cpu += result.cpu;
          totals[encoding].requests += result.requests;
        }
      }
      console.log(`  ${list.label}`);
      const cpuPer = (encoding: Encoding) => totals[encoding].cpu / Math.max(1, totals[encoding].requests);
      for (const encoding of ENCODINGS) {
        const measured = totals[encoding].rps / totals.identity.rps;
        // A CPU-bound server's throughput is its cores over the CPU each request takes: this ratio is what the
        // req/s would show on a machine with nothing else running.
        const capacity = cpuPer('identity') / cpuPer(encoding);
        const goal =
          encoding === 'identity'
            ? ''
            : ` → req/s ${(measured * 100).toFixed(1)} %, by CPU ${(capacity * 100).toFixed(1)} % of identity (goal ≥ 90 %) ${capacity >= 0.9 ? 'MET' : 'NOT MET'}`;
        console.log(
          `    ${encoding.padEnd(8)} ${totals[encoding].rps.toFixed(0).padStart(6)} req/s  CPU ${cpuPer(encoding).toFixed(2)} ms/request  ${(sizes[encoding] / 1024).toFixed(1).padStart(7)} KB  errors ${totals[encoding].errors}${goal}`,
        );
      }
    }
  } finally {
    // autocannon's last requests may still be answering; let them finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await api.stop();
  }
}
