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
function initialJs(manifest: Manifest, lazy: RegExp[], group: string | undefined, read: (file: string) => Buffer) {
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
    const bytes = read(file);
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gz, found };
}

function report(title: string, figures: ReturnType<typeof initialJs>, goalKb: number) {
  console.log(`\n${title}`);
  console.log(
    `  ${figures.files} files, ${(figures.raw / 1024).toFixed(1)} KB raw, ${(figures.gz / 1024).toFixed(1)} KB gzipped`,
  );
  console.log(`  lazy chunks counted: ${figures.found.join(', ') || 'none found (entry only)'}`);
  console.log(`  goal ≤ ${goalKb} KB gzipped (issue 24) → ${figures.gz <= goalKb * 1024 ? 'MET' : 'NOT MET'}`);
}

/**
 * Initial JS of /login and of / (the dashboard; issue 24 targets ≤ 150 and ≤ 200 KB gzipped). The dashboard counts the
 * signed-in layout, the dashboard page and the header and sidebar widgets that load with it (weekly hours, timers,
 * bell, badges), so the figure is what a first visit to / downloads.
 */
/** The lazily loaded modules a first visit of / asks for at once (apps/web/vite.config.ts FIRST_SCREEN). */
const FIRST_SCREEN_MODULES = [
  /app\/AntdTheme/,
  /layout\/AppLayout/,
  /dashboard\/DashboardPage/,
  /timelogs\/WeeklyHours/,
  /timelogs\/ActiveTimers/,
  /notifications\/NotificationBell/,
  /notifications\/MentionsBadge/,
  /requests\/list\/RequestsBadge/,
];

/** Initial JS of /login and of / in a build's output (null without a manifest): the bench's figures and the budget test's. */
export function firstVisits(distDir = dist) {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    return null;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const read = (file: string) => readFileSync(path.join(distDir, file));
  return {
    login: initialJs(manifest, [/LoginPage/], undefined, read),
    home: initialJs(manifest, FIRST_SCREEN_MODULES, 'first-screen', read),
  };
}

export async function benchBundle(): Promise<void> {
  const figures = firstVisits();
  if (!figures) {
    console.log('\nInitial JS: no build manifest; run `npm run build` first.');
    return;
  }
  report('Initial JS of /login (entry + static imports + login page chunk)', figures.login, 150);
  report('Initial JS of / (entry + layout + dashboard page + header and sidebar widgets)', figures.home, 200);
}
