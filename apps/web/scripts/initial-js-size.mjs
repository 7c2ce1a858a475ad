// Gzipped JavaScript a first visit of a route downloads: the entry, its static imports, and the route's page chunk
// with its static imports. Usage (after `npm run build`): node scripts/initial-js-size.mjs [src/pages/LoginPage.tsx]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const pages = process.argv.slice(2);
const roots = ['index.html', ...(pages.length > 0 ? pages : ['src/pages/LoginPage.tsx'])];

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) {
    throw new Error(`not in the manifest: ${key}`);
  }
  if (files.has(chunk.file)) {
    return;
  }
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) {
    visit(imported);
  }
}
for (const root of roots) {
  visit(root);
}

let raw = 0;
let gzipped = 0;
for (const file of files) {
  const content = readFileSync(new URL(file, dist));
  raw += content.length;
  gzipped += gzipSync(content, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${roots.join(' + ')}: ${files.size} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped`);
