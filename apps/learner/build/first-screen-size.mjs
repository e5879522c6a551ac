// The first screen's JavaScript budget: what a browser loads to show 'Masuk' — the
// entry chunk, the sign-in page's chunk and all their static imports — must stay within 120 kB
// gzipped. Reads the build's dist/.vite/manifest.json; run after `vite build` (the build script
// does), fails the build when the budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetBytes = 120 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const firstScreen = ['index.html', 'src/features/auth/pages/sign-in-page.tsx'];

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is missing from the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const key of firstScreen) visit(key);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  return `  ${(size / 1024).toFixed(1).padStart(6)} kB  ${file}`;
});
const kb = (total / 1024).toFixed(1);
console.log(`First screen ('Masuk') JavaScript, gzipped:\n${rows.join('\n')}\n  ${kb} kB in all`);
if (total > budgetBytes) {
  console.error(`Over the first screen's budget of ${budgetBytes / 1024} kB gzipped.`);
  process.exit(1);
}
