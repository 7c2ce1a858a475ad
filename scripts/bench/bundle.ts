import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// BENCH_WEB_DIST: another build's output (e.g. `vite build --outDir /tmp/x`), so measuring never touches the
// build the e2e tests serve.
const dist =
  process.env.BENCH_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/**
 * The JS a first visit loads: the entry and everything it statically imports, plus the lazily loaded chunks the
 * screen asks for at once (their static imports included), each counted once, gzipped. The build merges the first
 * screen's modules into a chunk named `group` (apps/web/vite-plugins/first-screen-chunks.ts), where a lazy module
 * has no manifest entry of its own, so that chunk is counted too.
 */
function initialJs(manifest: Manifest, lazy: RegExp[], group?: string) {
  const files = new Set<string>();
  const found: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) {
      return;
    }
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) {
      visit(key);
    }
  }
  for (const pattern of lazy) {
    const key = Object.keys(manifest).find((k) => pattern.test(k) && /\.(t|j)sx?$/.test(k));
    if (key) {
      found.push(key);
      visit(key);
    }
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (group && chunk.name === group) {
      found.push(`${key} (the ${group} group)`);
      visit(key);
    }
  }
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gz, found };
}

function report(title: string, figures: ReturnType<typeof initialJs>) {
  console.log(`\n${title}`);
  console.log(
    `  ${figures.files} files, ${(figures.raw / 1024).toFixed(1)} KB raw, ${(figures.gz / 1024).toFixed(1)} KB gzipped`,
  );
  console.log(`  lazy chunks counted: ${figures.found.join(', ') || 'none found (entry only)'}`);
  console.log(`  goal ≤ 250 KB gzipped → ${figures.gz <= 250 * 1024 ? 'MET' : 'NOT MET'}`);
}

/**
 * Initial JS of /login and of / (the dashboard; issue targets ≤ 250 KB gzipped each). The dashboard counts the
 * signed-in layout, the dashboard page and the header and sidebar widgets that load with it (weekly hours, timers,
 * bell, badges), so the figure is what a first visit to / downloads.
 */
export async function benchBundle(): Promise<void> {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.log('\nInitial JS: no build manifest; run `npm run build` first.');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  report('Initial JS of /login (entry + static imports + login page chunk)', initialJs(manifest, [/LoginPage/]));
  report(
    'Initial JS of / (entry + layout + dashboard page + header and sidebar widgets)',
    initialJs(
      manifest,
      [
        /layout\/AppLayout/,
        /dashboard\/DashboardPage/,
        /timelogs\/WeeklyHours/,
        /timelogs\/ActiveTimers/,
        /notifications\/NotificationBell/,
        /notifications\/MentionsBadge/,
        /requests\/list\/RequestsBadge/,
      ],
      'first-screen',
    ),
  );
}
