// @ts-check
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run fuzz -- [seed] [cases]`: the OpenAPI fuzzer (apps/api/test/fuzz) with a seed of your choice (default: a new
 * one, printed) and more cases per operation and actor than CI's fixed run (default 60). A failure names its seed, so
 * `npm run fuzz -- <seed> <cases>` replays it exactly.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [seed = String(Math.floor(Math.random() * 2 ** 31)), cases = '60'] = process.argv.slice(2);
console.log(`Fuzzing every operation with seed ${seed}, ${cases} cases per operation and actor`);
const run = spawnSync(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'api', 'apps/api/test/fuzz'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_CASES: cases },
});
process.exit(run.status ?? 1);
