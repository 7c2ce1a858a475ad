import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

type ManifestChunk = { file: string; src?: string; imports?: string[]; isEntry?: boolean; css?: string[] };

/**
 * Initial JS of /login (issue target ≤ 250 KB gzipped): the entry and everything it statically imports, plus the
 * lazily loaded login page chunk and its static imports, each counted once, gzipped.
 */
export async function benchBundle(): Promise<void> {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.log('\nInitial JS of /login: no build manifest; run `npm run build` first.');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
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
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  for (const [key] of entries) {
    visit(key);
  }
  const loginKey = Object.keys(manifest).find((k) => /login/i.test(k) && /\.(t|j)sx?$/.test(k));
  if (loginKey) {
    visit(loginKey);
  }
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  console.log('\nInitial JS of /login (entry + static imports + login page chunk)');
  console.log(`  ${files.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`);
  console.log(`  login chunk: ${loginKey ?? 'not found (counted entry only)'}`);
  console.log(`  goal ≤ 250 KB gzipped → ${gz <= 250 * 1024 ? 'MET' : 'NOT MET'}`);
}
