import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/ARCHITECTURE.md, "Running in production"). Deliveries are counted where they happen (the
 * mailer, the push sender), which may run outside any app (a seed, a job in a script), so their counters and the
 * process's own metrics (event-loop lag, memory, CPU) live in one registry per process. What belongs to one app
 * (its requests, pool, sockets, documents, queues) is in that app's registry; a scrape merges both.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const emails = new Counter({
  name: 'portal_emails_total',
  help: 'E-mails by result: sent (SMTP accepted it), failed (SMTP refused or unreachable), outbox (no SMTP configured)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});
const pushes = new Counter({
  name: 'portal_pushes_total',
  help: 'Web Push messages by result: sent, failed, gone (the subscription expired and was removed)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

export function countEmail(result: 'sent' | 'failed' | 'outbox'): void {
  emails.inc({ result });
}

export function countPush(result: 'sent' | 'failed' | 'gone'): void {
  pushes.inc({ result });
}

/** What an app's registry reads at each scrape; each answers for this instance only. */
export type MetricSources = {
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  live: () => { sockets: number; rooms: number };
  documents: () => number;
  /** Jobs by queue and state (created, retry, active, failed); empty when the job schema is not there yet. */
  jobs: () => Promise<{ queue: string; state: string; count: number }[]>;
};

export type AppMetrics = ReturnType<typeof createAppMetrics>;

export function createAppMetrics(sources: MetricSources) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_pg_pool_connections',
    help: "The app's PostgreSQL pool: total, idle, and waiting (requests queued for a connection)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, sources.pool.totalCount);
      this.set({ state: 'idle' }, sources.pool.idleCount);
      this.set({ state: 'waiting' }, sources.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_live_sockets',
    help: 'socket.io sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(sources.live().sockets);
    },
  });
  new Gauge({
    name: 'portal_live_rooms',
    help: 'socket.io rooms on this instance (each socket also has its own room)',
    registers: [registry],
    collect() {
      this.set(sources.live().rooms);
    },
  });
  new Gauge({
    name: 'portal_collab_documents_open',
    help: 'Collaborative documents open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.documents());
    },
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Background jobs by queue and state (created and retry = queue depth; failed = kept failures)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await sources.jobs()) {
        this.set({ queue: row.queue, state: row.state }, row.count);
      }
    },
  });
  return {
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    contentType: registry.contentType,
    async text(): Promise<string> {
      return Registry.merge([processRegistry, registry]).metrics();
    },
  };
}
