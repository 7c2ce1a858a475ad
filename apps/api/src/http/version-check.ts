import { APP_VERSION_HEADER, MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * A web app built for another version must refresh before it talks to us (doc 1 §8). Calls without the header
 * (scripts, curl, health checks) are not affected.
 */
export function registerVersionCheck(app: FastifyInstance, serverVersion: string): void {
  app.addHook('onRequest', async (request) => {
    const sent = request.headers[APP_VERSION_HEADER];
    if (typeof sent === 'string' && sent !== serverVersion && request.url.startsWith('/api/')) {
      throw new AppError(400, MESSAGES.invalidApiVersion, { code: 'invalid_api_version' });
    }
  });
}
