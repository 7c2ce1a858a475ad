import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
 * (API + built web app on one port). Restarting without changes therefore starts in seconds.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const sourceDirs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) {
    return 0;
  }
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return Math.max(0, ...readdirSync(full).map((entry) => newestMtime(path.join(target, entry))));
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && builtAt < Math.max(...sourceDirs.map(newestMtime))) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

await import('../apps/api/src/main');
