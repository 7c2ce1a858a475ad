import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { access } from './access';

/**
 * Serves the built web app from the same port as the API. Unknown non-API paths answer index.html so the client
 * router can show its own pages (including its 404); unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  // The static plugin needs its root to exist even before the first build; the build fills it later.
  mkdirSync(distDir, { recursive: true });
  // preCompressed: the build writes .br and .gz beside each text asset (apps/web/vite-plugins/precompress.ts);
  // sendFile answers the best one the browser accepts, with `vary: accept-encoding`, and the original otherwise.
  await app.register(fastifyStatic, { root: distDir, serve: false, wildcard: false, preCompressed: true });

  app.get(
    '/*',
    { config: { access: access.public({ duringMaintenance: true }) }, schema: { hide: true } },
    (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (urlPath.startsWith('/api/') || urlPath === '/api') {
        return reply.status(404).send({ message: MESSAGES.resourceNotFound, code: 'not_found' });
      }
      if (!existsSync(indexFile)) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
      }
      const candidate = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '');
      const isAsset = candidate.startsWith('/assets/');
      if (candidate !== '/' && existsSync(path.join(distDir, candidate)) && path.extname(candidate)) {
        // Hashed assets (/assets/name-<hash>.ext) never change: cached for a year and never revalidated. Everything
        // else (logo, service worker, build-info.json) is revalidated so a new deploy is picked up.
        return isAsset
          ? reply.sendFile(candidate, { maxAge: '1y', immutable: true })
          : reply.header('cache-control', 'no-cache').sendFile(candidate, { cacheControl: false });
      }
      // index.html names the current hashed files: always revalidated (an ETag makes that cheap).
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    },
  );
}
