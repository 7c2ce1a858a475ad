import { APP_VERSION_HEADER, MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * A web app built for another version must refresh before it talks to us (doc 1 §8). Calls without the header
 * (scripts, curl, health checks) are not affected.
 */
/** Also stamps the request id on the answer, so every log line can be found from a client report. */
export function registerVersionCheck(app: FastifyInstance, serverVersion: string): void {
  // Callback style on purpose: this runs on every request, and a synchronous hook avoids a promise per call.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    const sent = request.headers[APP_VERSION_HEADER];
    if (typeof sent === 'string' && sent !== serverVersion && request.url.startsWith('/api/')) {
      done(new AppError(400, MESSAGES.invalidApiVersion, { code: 'invalid_api_version' }));
      return;
    }
    done();
  });
}
