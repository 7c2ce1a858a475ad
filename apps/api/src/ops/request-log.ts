import { type FastifyInstance, LogController } from 'fastify';
import type { AppMetrics } from './metrics';

/** Requests whose route matched nothing share one label, so a scan of random URLs cannot grow the metrics. */
const UNMATCHED = '(unmatched)';

/**
 * Fastify's logging without its two lines per request (`incoming request`, `request completed`); its error lines
 * (a failed reply, a 500) stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/**
 * One info line per request (Fastify's own two are turned off in app.ts with OneLinePerRequest): method, route pattern, status, time and who asked, on the request's logger, which carries its reqId.
 * The route pattern, never the URL: paths carry share-link tokens and query strings carry search text. Bodies are
 * never logged. The same hook feeds the request-duration histogram.
 */
export function registerRequestLog(app: FastifyInstance, metrics: AppMetrics) {
  // Callback style on purpose: it runs on every request, and a synchronous hook avoids a promise per call.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const ms = reply.elapsedTime;
    metrics.observeRequest(request.method, route, reply.statusCode, ms / 1000);
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: request.principal?.userId,
      },
      'request',
    );
    done();
  });
}
