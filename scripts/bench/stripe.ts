import Stripe from 'stripe';
import { startChild } from './child';
import { type Figures, signIn } from './latency';

const SECRET = 'whsec_benchSigningSecret0123456789';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

/** Sequential signed POSTs; each timing is one acknowledgement's round trip. */
async function timeDeliveries(url: string, deliveries: { body: string; signature: string }[], warmUp: number) {
  const timings: number[] = [];
  for (const [i, d] of deliveries.entries()) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
      body: d.body,
    });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    if (i >= warmUp) {
      timings.push(elapsed);
    }
  }
  const sorted = timings.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), bytes: 0 } as Figures;
}

/**
 * `npm run bench stripe`: POST /api/webhooks/stripe with invoice events signed by the SDK's own test-header helper
 * (target: acknowledged p95 ≤ 20 ms; the intake verifies the signature and inserts the event, the work is a job after
 * commit), each a new event id, beside node:http answering the same bytes to the same POSTs in the same run.
 */
export async function benchStripe(): Promise<void> {
  const api = await startChild('api-server.ts', {});
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const saved = await fetch(`${base}/api/billing/stripe`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_secret: SECRET }),
    });
    if (!saved.ok) {
      throw new Error(`PUT billing/stripe answered ${saved.status}`);
    }
    const samples = Number(process.env.BENCH_SAMPLES ?? 500);
    const warmUp = 30;
    const sdk = new Stripe('sk_bench_signing_only', { telemetry: false });
    const now = Math.floor(Date.now() / 1000);
    const deliveries = Array.from({ length: samples + warmUp }, (_, i) => {
      const body = JSON.stringify({
        id: `evt_bench_${i}`,
        object: 'event',
        type: 'invoice.finalized',
        created: now,
        livemode: false,
        pending_webhooks: 1,
        request: null,
        data: {
          object: {
            id: `in_bench_${i % 50}`,
            object: 'invoice',
            customer: `cus_bench_${i % 50}`,
            customer_email: 'office@harbordental.test',
            number: `BENCH-${i}`,
            amount_due: 10_000,
            amount_remaining: 10_000,
            currency: 'usd',
            due_date: now - 86_400 * 3,
            status: 'open',
            hosted_invoice_url: 'https://invoice.brightside.invalid/i/bench',
          },
        },
      });
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) };
    });
    const acknowledged = await timeDeliveries(`${base}/api/webhooks/stripe`, deliveries, warmUp);
    const bare = await startChild('bare-server.ts', { BENCH_BODY: JSON.stringify({ received: true }) });
    let baseline: Figures;
    try {
      baseline = await timeDeliveries(`http://127.0.0.1:${bare.port}/`, deliveries, warmUp);
    } finally {
      await bare.stop();
    }
    console.log(`\nStripe: POST /api/webhooks/stripe, signed invoice events (${samples} sequential deliveries)`);
    for (const [label, f] of [
      ['API', acknowledged],
      ['node:http, same bytes', baseline],
    ] as const) {
      console.log(`    ${label.padEnd(22)} p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}`);
    }
    console.log(`    goal p95 ≤ 20 ms → ${acknowledged.p95 <= 20 ? 'MET' : 'NOT MET'}`);
  } finally {
    await api.stop();
  }
}
