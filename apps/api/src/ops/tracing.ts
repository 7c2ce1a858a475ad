import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 24): a server span per HTTP request
 * (continuing a caller's W3C `traceparent`), a client span per PostgreSQL query on the app's pool, and a span per
 * pg-boss job. Spans go to the collector as OTLP over HTTP (JSON), batched.
 *
 * Why by hand and not the auto-instrumentations: those patch `http` and `pg` through a module loader hook that must
 * be installed before anything is imported (`--import`), which our ESM entry and the test runner do not do; the three
 * places we own (the Fastify hooks, the pool's clients, the job registration) give the same spans without it. With
 * tracing off nothing is patched and the API's calls are no-ops.
 */

/** Query texts past this are cut in the span (drizzle sends values apart, so the text holds no user data). */
const MAX_STATEMENT_CHARS = 2000;
const TRACER_NAME = 'agency-portal';

type TracingOptions = { endpoint: string; serviceName: string; version: string; instance?: string };

let provider: TracerProvider | null = null;
let contextManager: AsyncLocalStorageContextManager | null = null;
let untracePostgres: (() => void) | null = null;

/** Starts tracing for this process (once); answers null when no endpoint is configured. */
export function startTracing(
  options: TracingOptions | null,
): { flush: () => Promise<void>; stop: () => Promise<void> } | null {
  if (!options) {
    return null;
  }
  if (!provider) {
    contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    provider = new TracerProvider({
      resource: resourceFromAttributes({
        'service.name': options.serviceName,
        'service.version': options.version,
        ...(options.instance ? { 'service.instance.id': options.instance } : {}),
      }),
      // The exporter appends nothing: the endpoint is the collector's base, as the OTLP variable means it.
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }),
        }),
      ],
    });
    trace.setGlobalTracerProvider(provider);
    untracePostgres = tracePostgres();
  }
  const current = provider;
  return {
    flush: () => current.forceFlush(),
    stop: async () => {
      untracePostgres?.();
      untracePostgres = null;
      await current.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      contextManager = null;
      provider = null;
    },
  };
}

export function tracingOn(): boolean {
  return provider !== null;
}

function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** Runs `work` in a span that ends when it settles, marked as an error if it throws. */
export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span from onRequest to onResponse. The rest of the request runs in the span's context: the hook chain
 * continues inside `context.with`, and the raw request's listeners (the body parser's, added later) are bound to it,
 * so the query spans of a POST handler are its children too.
 */
export function traceRequests(app: FastifyInstance): void {
  if (!tracingOn()) {
    return;
  }
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.scheme': request.protocol },
      },
      parent,
    );
    requestSpans.set(request, span);
    const active = trace.setSpan(parent, span);
    context.bind(active, request.raw);
    context.with(active, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requestSpans.get(request);
    if (span) {
      // The route pattern, never the URL: paths carry share-link tokens (as in the request log).
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      span.setAttributes({
        ...(route ? { 'http.route': route } : {}),
        'http.response.status_code': reply.statusCode,
        'request.id': request.id,
      });
      if (reply.statusCode >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
      requestSpans.delete(request);
    }
    done();
  });
}

type QueryConfig = string | { text?: string; name?: string } | undefined;
type QueryFn = (this: pg.Client, config: QueryConfig, ...rest: unknown[]) => unknown;

/**
 * A client span per query: pg's Client.query is wrapped while tracing is on, so the app's pool, its transactions
 * and pg-boss's own pool are all covered, as the pg auto-instrumentation would (without its loader hook).
 */
function tracePostgres(): () => void {
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const span = tracer().startSpan('pg.query', {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': text.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? '',
        'db.query.text': text.slice(0, MAX_STATEMENT_CHARS),
      },
    });
    const result = original.call(this, config, ...rest);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => span.end(),
        (error: Error) => {
          span.recordException(error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      );
    } else {
      // The callback and submittable forms (not used by drizzle or pg-boss): the span marks the call only.
      span.end();
    }
    return result;
  };
  return () => {
    prototype.query = original;
  };
}

type Worker = (jobs: { id: string; name: string; data: unknown }[]) => Promise<unknown>;
type Boss = { work: (name: string, ...rest: unknown[]) => Promise<string> };

/**
 * A span per batch of jobs a worker takes, named after the queue, for every queue registered on this pg-boss: the
 * registration is wrapped once here instead of in each module's scheduler. A job started by a request carries the
 * request's id in its data (`reqId`), set as an attribute so the job's span can be found from the request's.
 */
export function traceJobs(boss: Boss): void {
  if (!tracingOn()) {
    return;
  }
  const work = boss.work.bind(boss);
  boss.work = (name: string, ...rest: unknown[]) => {
    const handler = rest.at(-1) as Worker;
    const traced: Worker = (jobs) =>
      inSpan(
        `job ${name}`,
        {
          'messaging.system': 'pg-boss',
          'messaging.destination.name': name,
          'messaging.batch.message_count': jobs.length,
          ...(jobs.length === 1 && jobs[0] ? { 'messaging.message.id': jobs[0].id } : {}),
          ...requestIdOf(jobs),
        },
        () => handler(jobs),
      );
    return work(name, ...rest.slice(0, -1), traced);
  };
}

function requestIdOf(jobs: { data: unknown }[]): Attributes {
  const data = jobs[0]?.data as { reqId?: unknown } | null | undefined;
  return typeof data?.reqId === 'string' ? { 'request.id': data.reqId } : {};
}
