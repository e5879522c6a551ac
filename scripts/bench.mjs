// `npm run bench`: builds the two web apps when they are not built, then runs bench/run.ts.
// The browser sections measure what is in apps/web/dist and apps/learner/dist: run
// `npm run build` first after changing either app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const [dir, workspace] of [
  ['apps/web', '@ajar/web'],
  ['apps/learner', '@ajar/learner'],
]) {
  if (fs.existsSync(path.join(root, dir, 'dist/index.html'))) continue;
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/run.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
