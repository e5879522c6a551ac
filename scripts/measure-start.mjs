// Measures a start of the compiled server (apps/server/dist/main.js) on the embedded database
//: seconds until /api/health answers, the process's RSS (VmRSS) and its peak (VmHWM)
// right after, and again after an idle pause; and which heavy packages the start loaded.
//
//   node scripts/measure-start.mjs [--data-dir DIR] [--idle-seconds 10] [--port 3999]
//
// Without --data-dir it starts on a new empty directory (a first start: migrations and the demo
// seed); with one that holds a database, a restart. Linux only (/proc). Build the server first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'idle-seconds': { type: 'string', default: '10' },
    port: { type: 'string', default: '3999' },
  },
});
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-start-'));
const port = Number(values.port);
const heavy = ['exceljs', 'pdfkit', '@aws-sdk/', 'web-push', 'archiver', 'nodemailer', 'qrcode'];
const importsFile = path.join(dataDir, 'imports.log');
fs.rmSync(importsFile, { force: true });
const recorder = path.join(root, 'scripts/record-imports.mjs');

function status(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rssMB: kB('VmRSS') / 1024, peakMB: kB('VmHWM') / 1024 };
}

const started = performance.now();
const server = spawn(
  process.execPath,
  [
    // The flags `npm start` gives the server, unless MEASURE_NODE_FLAGS names others.
    ...(process.env.MEASURE_NODE_FLAGS?.split(' ').filter(Boolean) ?? serverNodeFlags()),
    '--import',
    recorder,
    path.join(root, 'apps/server/dist/main.js'),
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AJAR_IMPORTS_LOG: importsFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// The start's own figures (the preparing child's time and peak memory); the rest is dropped.
const startLines = [];
server.stdout.on('data', (chunk) => {
  for (const line of String(chunk).split('\n')) {
    const msg = /"msg":"([^"]*(?:prepared|seed took|peak memory)[^"]*)"/.exec(line)?.[1];
    if (msg) startLines.push(msg);
  }
});
let exited = false;
server.on('exit', () => (exited = true));

for (;;) {
  if (exited) throw new Error('the server stopped before answering');
  const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const seconds = (performance.now() - started) / 1000;
const afterStart = status(server.pid);
await new Promise((resolve) => setTimeout(resolve, Number(values['idle-seconds']) * 1000));
const idle = status(server.pid);
const imported = fs.existsSync(importsFile)
  ? fs.readFileSync(importsFile, 'utf8').split('\n').filter(Boolean)
  : [];
const heavyLoaded = heavy.filter((name) =>
  imported.some((specifier) => specifier.startsWith(name)),
);
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
const figures = {
  dataDir,
  healthAfterSeconds: Number(seconds.toFixed(1)),
  rssAfterStartMB: Math.round(afterStart.rssMB),
  peakMB: Math.round(idle.peakMB),
  rssIdleMB: Math.round(idle.rssMB),
  heavyLoaded,
  startLines,
  loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
};
console.log(JSON.stringify(figures, null, 2));
