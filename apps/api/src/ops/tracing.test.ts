import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';
import { startTracing, traceJobs } from './tracing';

/**
 * Tracing against a local OTLP/HTTP collector: no collector is reachable from the tests, so this server speaks the
 * OTLP trace endpoint (POST /v1/traces, JSON as the exporter sends it) and keeps what it receives.
 */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
const received: OtlpSpan[] = [];
const serviceNames = new Set<string>();
let collector: Server;
let tracing: ReturnType<typeof startTracing>;
let app: TestApp;
let close: () => Promise<void>;
let dbUrl = '';
let actors: Awaited<ReturnType<typeof buildActors>>;

function startCollector(): Promise<string> {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString()) as {
        resourceSpans: {
          resource: { attributes: OtlpSpan['attributes'] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const resourceSpans of body.resourceSpans) {
        const name = resourceSpans.resource.attributes.find((a) => a.key === 'service.name');
        serviceNames.add(String(name?.value.stringValue));
        for (const scope of resourceSpans.scopeSpans) {
          received.push(...scope.spans);
        }
      }
      expect(req.url).toBe('/v1/traces');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    collector.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(collector.address() as AddressInfo).port}`)),
  );
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? (value.stringValue ?? value.intValue ?? value.boolValue) : undefined;
};

beforeAll(async () => {
  const endpoint = await startCollector();
  // Started before the app connects, as main.ts does.
  tracing = startTracing({ endpoint, serviceName: 'portal-tracing-test', version: 'test' });
  const built = await getTestApp();
  ({ app, close, url: dbUrl } = built);
  actors = await buildActors(built.db);
}, 60_000);
afterAll(async () => {
  await close();
  await tracing?.stop();
  await new Promise((resolve) => collector.close(resolve));
});

async function flushed(): Promise<void> {
  await tracing?.flush();
}

describe('OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('sends a server span per request, named by its route, with its queries as child spans in the same trace', async () => {
    const res = await app.inject({
      url: '/api/user',
      headers: { ...bearer(actors.admin.token), 'x-request-id': 'trace-1' },
    });
    expect(res.statusCode).toBe(200);
    await flushed();
    const server = received.find((span) => attribute(span, 'request.id') === 'trace-1');
    expect(server).toMatchObject({ name: 'GET /api/user', kind: 2 });
    expect(attribute(server as OtlpSpan, 'http.route')).toBe('/api/user');
    expect(Number(attribute(server as OtlpSpan, 'http.response.status_code'))).toBe(200);
    expect(serviceNames).toContain('portal-tracing-test');
    const queries = received.filter((span) => span.parentSpanId === server?.spanId && span.name === 'pg.query');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.traceId).toBe(server?.traceId);
      expect(attribute(query, 'db.system.name')).toBe('postgresql');
    }
  });

  it("continues a caller's W3C traceparent, and a POST's queries (after its body is read) stay in its trace", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const plan = await buildPlan(app.ctx.db, { projectManagerId: actors.admin.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: {
        ...bearer(actors.admin.token),
        'x-request-id': 'trace-2',
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      },
      payload: { title: 'Traced task title', project_id: plan.uuid },
    });
    expect(res.statusCode, res.body).toBe(200);
    await flushed();
    const server = received.find((span) => attribute(span, 'request.id') === 'trace-2');
    expect(server?.traceId).toBe(traceId);
    expect(server?.parentSpanId).toBe('00f067aa0ba902b7');
    expect(server?.name).toBe('POST /api/tasks');
    const inserts = received.filter(
      (span) =>
        span.traceId === traceId && span.name === 'pg.query' && attribute(span, 'db.operation.name') === 'INSERT',
    );
    expect(inserts.length).toBeGreaterThan(0);
    // Values go to PostgreSQL apart from the text, so the span never holds what the user typed.
    expect(JSON.stringify(received)).not.toContain('Traced task title');
  });

  it('sends a span per job batch, named after its queue, with the queries the job runs inside it', async () => {
    const boss = new PgBoss({ connectionString: dbUrl, max: 2 });
    await boss.start();
    try {
      traceJobs(boss as unknown as Parameters<typeof traceJobs>[0]);
      const queue = 'tracing-test-queue';
      await boss.createQueue(queue);
      const done = new Promise<void>((resolve) => {
        void boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
          await app.ctx.db.execute(sql`select 'inside the job' as marker`);
          resolve();
        });
      });
      await boss.send(queue, { reqId: 'trace-3' });
      await done;
      // The job's span ends when its handler settles, just after the resolve above.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await flushed();
      const job = received.find((span) => span.name === `job ${queue}`);
      expect(job).toBeDefined();
      expect(attribute(job as OtlpSpan, 'request.id')).toBe('trace-3');
      expect(attribute(job as OtlpSpan, 'messaging.system')).toBe('pg-boss');
      const marker = received.find(
        (span) =>
          span.parentSpanId === job?.spanId && String(attribute(span, 'db.query.text')).includes('inside the job'),
      );
      expect(marker?.traceId).toBe(job?.traceId);
    } finally {
      await boss.stop({ graceful: false, wait: true, close: true });
    }
  });
});
