import { type BenchChild, startChild } from './child';
import { benchValues } from './forms-seed';
import { type Call, compareWithBaseline, type Figures, signIn } from './latency';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function figuresOf(timings: number[]): Figures {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), bytes: 0 };
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

/** One file sent the way the share-link page sends it: presign through the link, PUT the bytes; answers its uuid. */
async function uploadThroughLink(base: string, token: string, deviceKey: string, name: string): Promise<string> {
  const presign = await fetch(`${base}/api/public/forms/${token}/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_key: deviceKey, name, extension: 'pdf', size: PDF.length }),
  });
  if (!presign.ok) {
    throw new Error(`presign answered ${presign.status}: ${await presign.text()}`);
  }
  const target = (await presign.json()) as { uuid: string; url: string; headers: Record<string, string> };
  const url = target.url.startsWith('/') ? `${base}${target.url}` : target.url;
  const put = await fetch(url, { method: 'PUT', headers: target.headers, body: PDF });
  if (!put.ok) {
    throw new Error(`upload answered ${put.status}`);
  }
  return target.uuid;
}

/** Sequential POSTs of prepared bodies; each timing is one answer's round trip. */
async function timePosts(url: string, bodies: string[], warmUp: number): Promise<Figures> {
  const timings: number[] = [];
  for (const [i, body] of bodies.entries()) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    if (i >= warmUp) {
      timings.push(elapsed);
    }
  }
  return figuresOf(timings);
}

/**
 * `npm run bench forms`: (1) a public answer to a 40-question form holding 2 files through its share link (target
 * p95 ≤ 50 ms; the uploads are made beforehand and not timed), beside node:http answering the same bytes to the same
 * POSTs; (2) /forms/submissions' call with 100,000 answers: page 1 and page 1,000 of 50 (targets p95 ≤ 30 ms and
 * page 1,000 ≤ 2× page 1), beside node:http.
 */
export async function benchForms(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', {
    SEED_FORMS: '1',
    FORM_ANSWERS_PER_IP_HOUR: '1000000',
    FORM_ANSWERS_PER_LINK_HOUR: '1000000',
    FORM_PUBLIC_CALLS_PER_IP_MINUTE: '1000000',
    FORM_UPLOADS_PER_IP_HOUR: '1000000',
  });
  console.log(`\nForms: API with 100,000 answers ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const forms = (await (await fetch(`${base}/api/forms?search_term=Bench%20intake`, { headers: admin })).json()) as {
      data: { uuid: string }[];
    };
    const formUuid = forms.data[0]?.uuid;
    const link = await fetch(`${base}/api/forms/${formUuid}/share-links`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: '{}',
    });
    const { token } = ((await link.json()) as { data: { token: string } }).data;

    const samples = Number(process.env.BENCH_SAMPLES ?? 300);
    const warmUp = 20;
    // BENCH_FORMS=answer|list: one of the two scenarios only.
    const part = process.env.BENCH_FORMS;
    if (part !== 'list') {
      await benchAnswer(base, token, samples, warmUp);
    }
    if (part === 'answer') {
      return;
    }
    await benchList(base, admin, samples, api);
  } finally {
    await api.stop();
  }
}

async function benchAnswer(base: string, token: string, samples: number, warmUp: number) {
  const preparing = performance.now();
  const bodies: string[] = [];
  for (let i = 0; i < samples + warmUp; i++) {
    const device = `bench-device-${String(i).padStart(6, '0')}-forms`;
    const files: [string, string] = [
      await uploadThroughLink(base, token, device, 'logo.pdf'),
      await uploadThroughLink(base, token, device, 'brief.pdf'),
    ];
    bodies.push(JSON.stringify({ device_key: device, values: benchValues(files) }));
  }
  console.log(
    `  ${bodies.length} answers of 40 questions with 2 files each prepared (uploads, not timed) in ` +
      `${((performance.now() - preparing) / 1000).toFixed(0)} s; bodies of ${(Buffer.byteLength(bodies[0] ?? '') / 1024).toFixed(1)} KB`,
  );
  const answered = await timePosts(`${base}/api/public/forms/${token}/answers`, bodies, warmUp);
  const bare = await startChild('bare-server.ts', { BENCH_BODY: JSON.stringify({ data: { thank_you_text: null } }) });
  let baseline: Figures;
  try {
    baseline = await timePosts(`http://127.0.0.1:${bare.port}/`, bodies, warmUp);
  } finally {
    await bare.stop();
  }
  console.log(`  POST /api/public/forms/{token}/answers, 40 questions and 2 files (${samples} sequential answers)`);
  for (const [label, f] of [
    ['API', answered],
    ['node:http, same bytes', baseline],
  ] as const) {
    console.log(`    ${label.padEnd(22)} p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}`);
  }
  console.log(`    goal p95 ≤ 50 ms → ${answered.p95 <= 50 ? 'MET' : 'NOT MET'}`);
}

async function benchList(base: string, admin: Record<string, string>, samples: number, api: BenchChild) {
  const list = '/api/answers?sort[by]=created_at&sort[direction]=desc&page[size]=50';
  const calls: Call[] = [
    { label: 'GET /api/answers (/forms/submissions), page 1 of 50', path: list, goal: 30 },
    { label: 'GET /api/answers (/forms/submissions), page 1,000 of 50', path: `${list}&page[number]=1000`, goal: 30 },
  ];
  const figures = await compareWithBaseline({ base, calls, headers: admin, samples, warmUp: 30, server: api });
  const first = figures.get(calls[0]?.label ?? '');
  const deep = figures.get(calls[1]?.label ?? '');
  if (first && deep) {
    const ratio = deep.p95 / first.p95;
    console.log(`  page 1,000 / page 1 at p95: ${ratio.toFixed(2)}× → goal ≤ 2× ${ratio <= 2 ? 'MET' : 'NOT MET'}`);
  }
}
