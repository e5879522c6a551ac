// `npm start`: runs the compiled server (apps/server/dist/main.js) with plain `node`, in every
// NODE_ENV; the server migrates, and seeds demo data unless NODE_ENV=production.
// - The web app and the learner app (Ajar Belajar, /belajar/) are built when they have no build
//   (`npm run build -w @ajar/web`, `npm run build -w @ajar/learner`).
// - The server is compiled when its build is missing or older than its source (about a second),
//   so `npm start` after an edit or a `git pull` never runs stale code.
// - Where a build is needed and cannot be made (a production install without devDependencies),
//   it says to run `npm run build` and stops; a present but older server build is run with a
//   warning.
// - While the apps build (a first start), the database is prepared beside them (`main.js
//   --prepare`: migrations, and the demo seed outside production), so the two do not wait for
//   each other on a 2-core machine (first start ≤ 25 s).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isStale } from './build-server.mjs';
import { serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appBuilds = [
  { name: 'web app', workspace: '@ajar/web', index: path.join(root, 'apps/web/dist/index.html') },
  {
    name: 'learner app',
    workspace: '@ajar/learner',
    index: path.join(root, 'apps/learner/dist/index.html'),
  },
];
const serverMain = path.join(root, 'apps/server/dist/main.js');

function stop(message) {
  console.error(
    `${message}\nRun \`npm run build\` (after \`npm install\`), then \`npm start\` again.`,
  );
  process.exit(1);
}

function stopOnStaleServerBuild(error) {
  const reason = error instanceof Error ? error.message : String(error);
  if (!fs.existsSync(serverMain)) stop(`The server has no build and could not be built: ${reason}`);
  console.warn(`The server's build is older than its source and could not be rebuilt (${reason}).`);
}

if (isStale()) await buildServer().catch(stopOnStaleServerBuild);

const missingBuilds = appBuilds.filter((app) => !fs.existsSync(app.index));

/** `main.js --prepare`, beside the builds: resolves when it has exited. */
function prepareDatabase() {
  const flags = ['--enable-source-maps', ...serverNodeFlags()];
  const child = spawn(process.execPath, [...flags, serverMain, '--prepare'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const started = performance.now();
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`Database prepared in ${seconds} s, beside the builds.`);
      resolve(code === 0);
    });
  });
}

const preparing = missingBuilds.length > 0 ? prepareDatabase() : Promise.resolve(true);

for (const app of missingBuilds) {
  console.log(`Building the ${app.name} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', app.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) stop(`The ${app.name} has no build and could not be built.`);
}

// A failed preparation is not the end: the server prepares the database itself as it starts,
// and says what went wrong there.
if (!(await preparing)) console.warn('Preparing the database beside the builds failed.');

// Source maps: stack traces in the log name the TypeScript files and lines. Memory flags:
// scripts/server-flags.mjs.
const server = spawn(process.execPath, ['--enable-source-maps', ...serverNodeFlags(), serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
