// Bundles as a browser loads them: a cold load in a fresh Chromium context,
// the JavaScript and everything else read from the page's network log (DevTools protocol), with
// Content-Encoding as the server negotiated it with Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { repoRoot } from '@ajar/test-support';
import {
  benchContext,
  bodyBytes,
  browserBench,
  isScript,
  kB,
  load1,
  memberSession,
  presetSession,
  recordNetwork,
  sessionKeys,
  staffSession,
  within,
  type Transfer,
} from './browser-support';
import { machineLine } from './bench-db';

interface ColdLoad {
  what: string;
  route: string;
  budget?: number;
  transfers: Transfer[];
  /** gzip -9 of the JavaScript bodies the browser decoded: what they weigh gzipped anyway. */
  scriptGzip9: number;
  load: string;
}

/**
 * Opens `route` in a new context (empty cache, service workers blocked so every request is the
 * page's own), waits until `ready` is on screen and the network has been quiet for 1 s.
 */
async function coldLoad(
  what: string,
  route: string,
  options: {
    viewport: { width: number; height: number };
    ready: (page: Page) => Promise<unknown>;
    session?: { key: string; value: unknown };
    budget?: number;
  },
): Promise<ColdLoad> {
  const context = await benchContext({
    viewport: options.viewport,
  });
  try {
    if (options.session) await presetSession(context, options.session.key, options.session.value);
    const page = await context.newPage();
    const log = await recordNetwork(page);
    await page.goto(route);
    await options.ready(page);
    await log.idle(1000);
    const transfers = log.transfers();
    let scriptGzip9 = 0;
    for (const t of transfers.filter(isScript)) {
      const body = (await log.cdp.send('Network.getResponseBody', { requestId: t.requestId })) as {
        body: string;
        base64Encoded: boolean;
      };
      const raw = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
      scriptGzip9 += gzipSync(raw, { level: 9 }).length;
    }
    return {
      what,
      route,
      budget: options.budget,
      transfers,
      scriptGzip9,
      load: load1(),
    };
  } finally {
    await context.close();
  }
}

function encodings(transfers: Transfer[]): string {
  const counts = new Map<string, number>();
  for (const t of transfers) counts.set(t.encoding, (counts.get(t.encoding) ?? 0) + 1);
  return [...counts].map(([e, n]) => `${e} ×${n}`).join(', ');
}

const sum = (ts: Transfer[], f: (t: Transfer) => number) => ts.reduce((s, t) => s + f(t), 0);

function row(r: ColdLoad): string {
  const scripts = r.transfers.filter(isScript);
  const js = sum(scripts, bodyBytes);
  const budget = r.budget === undefined ? '—' : `≤ ${r.budget} kB: ${within(js, r.budget * 1024)}`;
  return (
    `| ${r.what} (\`${r.route}\`) | ${scripts.length} | **${kB(js)}** (${encodings(scripts)}) | ` +
    `${budget} | ${kB(sum(scripts, (t) => t.wireBytes))} | ${kB(sum(scripts, (t) => t.decodedBytes))} | ` +
    `${kB(r.scriptGzip9)} | ${r.transfers.length}, ${kB(sum(r.transfers, (t) => t.wireBytes))} | ${r.load} |`
  );
}

/** The largest chunk of a build as files on disk (a secondary line, not what a browser loads). */
function largestChunk(dist: string): { file: string; bytes: number; gzipBytes: number } {
  const dir = path.join(dist, 'assets');
  let best = { file: '', bytes: 0, gzipBytes: 0 };
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(dir, name);
    const bytes = fs.statSync(file).size;
    if (bytes > best.bytes) {
      best = {
        file: `assets/${name}`,
        bytes,
        gzipBytes: gzipSync(fs.readFileSync(file), { level: 9 }).length,
      };
    }
  }
  return best;
}

export async function browserBundlesBench(lines: string[]) {
  const machine = machineLine();
  const { server } = await browserBench();
  const office = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };
  const staff = await staffSession(server.url);
  const member = await memberSession(server.url);
  const results: ColdLoad[] = [];
  const measure = async (...args: Parameters<typeof coldLoad>) => {
    const r = await coldLoad(...args);
    console.log(row(r));
    results.push(r);
  };
  const officeButton = (page: Page) =>
    page.getByRole('button', { name: /^(Login|Masuk)$/ }).waitFor({ timeout: 60_000 });
  await measure('back office sign-in', '/', {
    viewport: office,
    ready: officeButton,
    budget: 120,
  });
  await measure('back office shell, `/dashboard` opened directly when signed in', '/dashboard', {
    viewport: office,
    session: { key: sessionKeys.staff, value: staff },
    // The first figure of the dashboard (a stat card's value) is on screen.
    ready: (page) =>
      page.getByRole('link', { name: /^Program Publish \d/ }).waitFor({ timeout: 60_000 }),
    budget: 220,
  });
  await measure("Ajar Belajar's first screen, 'Masuk'", '/belajar/', {
    viewport: phone,
    ready: (page) =>
      page.getByRole('button', { name: 'Masuk', exact: true }).waitFor({ timeout: 60_000 }),
    budget: 120,
  });
  await measure("Ajar Belajar's 'Program Saya' when signed in (peserta1)", '/belajar/', {
    viewport: phone,
    session: { key: sessionKeys.member, value: member },
    ready: (page) =>
      page.getByRole('list', { name: 'Daftar program' }).waitFor({ timeout: 60_000 }),
  });

  const webLargest = largestChunk(path.join(repoRoot, 'apps/web/dist'));
  lines.push(
    "## Bundle: JavaScript a browser transfers on a cold load, from Chromium's network log",
    '',
    machine,
    '',
    'Each row is one cold load in a new Chromium context (empty cache, service workers blocked',
    "so every request is the page's own), until the screen named is shown and the network has",
    "been quiet for 1 s. Sizes come from the DevTools protocol's Network domain:",
    '**JavaScript sent** is the bodies of the script responses as they came over the wire',
    '(`loadingFinished.encodedDataLength` minus the response header bytes), in the',
    "Content-Encoding the server chose for Chromium's own `Accept-Encoding` (br and gzip among them);",
    'with headers adds the HTTP headers; decoded is what the browser parsed; gzip -9 is those',
    'decoded bodies gzipped at level 9 by the bench (what they would weigh with gzip, whatever',
    'the server sent, for comparison with earlier runs). Signed-in rows get their session',
    'through the API first (in localStorage, where both apps keep it).',
    '',
    '| load | scripts | JavaScript sent (encoding) | budget | with headers | decoded | gzip -9 | all requests, on the wire | load avg (1 min) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    `| secondary, from the build on disk, not a browser: largest back office chunk \`${webLargest.file}\` | 1 | ${kB(webLargest.gzipBytes)} gzip -9 (raw ${kB(webLargest.bytes)}) | raw ≤ 500 kB: ${within(webLargest.bytes, 500 * 1024)} | | | | | |`,
    '',
  );
}
