// @ts-check
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_BUNDLE, buildApiIfStale, newestMtime, ROOT } from './build-api.mjs';

/**
 * `npm start`: builds what is missing or older than its sources — the web app (Vite) and the API (esbuild, one
 * bundle) — then runs the compiled server (API + built web app on one port). Plain JavaScript on purpose: a restart
 * without changes loads no TypeScript transpiler and starts in about the time the database needs.
 */
const webIndex = path.join(ROOT, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'packages/domain/src',
];

const webBuiltAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && webBuiltAt < Math.max(...webSources.map(newestMtime))) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

await buildApiIfStale();
// Stack traces point at the TypeScript sources through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(API_BUNDLE).href);
