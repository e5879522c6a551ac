// `npm test`: typecheck, lint, unit + API + component tests, web build, browser tests.
// Ends with one line `N passed, N failed` summing every suite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : null;
let passed = 0;
let failed = 0;
const summary = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return res.status === 0;
}

function check(label, cmd, args) {
  const okay = run(label, cmd, args);
  if (okay) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${okay ? 'ok' : 'FAILED'}`);
  return okay;
}

/**
 * Runs single-threaded checks side by side (typecheck and lint each keep one core busy), each
 * one's output held and printed whole when it ends, so the log stays readable.
 */
async function checkTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) =>
            resolve({ label, cmd, args, okay: false, output: [String(error)] }),
          );
          child.on('close', (code) => resolve({ label, cmd, args, okay: code === 0, output }));
        }),
    ),
  );
  for (const { label, cmd, args, okay, output } of results) {
    console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(output.map((part) => Buffer.from(part))));
    if (okay) passed += 1;
    else failed += 1;
    summary.push(`${label}: ${okay ? 'ok' : 'FAILED'}`);
  }
}

function vitest(label, args) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-vitest-')), 'report.json');
  const okay = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  let p = 0;
  let f = 0;
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    p = report.numPassedTests;
    // A file that failed without a failing test (an import error, a failing hook) counts once;
    // describe blocks are not counted, or one failing test would count several times.
    const brokenFiles = report.testResults.filter(
      (file) =>
        file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    ).length;
    f = report.numFailedTests + brokenFiles;
  } catch {
    f = 1;
  }
  if (!okay && f === 0) f = 1; // a suite that crashed before reporting still fails the run
  passed += p;
  failed += f;
  summary.push(`${label}: ${p} passed, ${f} failed`);
}

if (!only) {
  await checkTogether([
    ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
    ['lint', 'npm', ['run', 'lint', '--silent']],
  ]);
  vitest('unit, api and component tests', []);
}
if (!only || only === 'e2e' || only === 'system') {
  if (check('build', 'npm', ['run', 'build', '--silent'])) {
    // Server processes on PostgreSQL, Redis and S3: they need the local PostgreSQL.
    if (only !== 'e2e') {
      if (process.env.TEST_DATABASE_URL) {
        vitest('system tests', ['-c', 'apps/server/system/vitest.config.ts']);
      } else {
        summary.push('system tests: not run (TEST_DATABASE_URL is not set)');
      }
    }
    if (only !== 'system') vitest('browser tests', ['-c', 'e2e/vitest.config.ts']);
  } else {
    failed += 1;
    summary.push('browser and system tests: not run (build failed)');
  }
}

console.log('\n=== summary');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
