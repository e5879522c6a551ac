// Ajar Belajar on a throttled phone: the largest contentful paint of the sign-in
// screen and of 'Program Saya' after sign-in, with Chromium slowed through the DevTools protocol
// (4× CPU, 1.6 Mbps down / 750 kbps up, 150 ms latency). Median of 3 cold loads each.
import type { Page } from 'playwright-core';
import {
  benchContext,
  browserBench,
  load1,
  median,
  memberSession,
  presetSession,
  recordNetwork,
  sessionKeys,
  slowPhone,
  throttle,
  within,
} from './browser-support';
import { machineLine } from './bench-db';

interface LcpRun {
  /** LCP's startTime: ms from the navigation's start (the page's time origin). */
  lcp: number;
  element: string;
  /** The screen's own marker was on screen at (ms from navigation start). */
  shown: number;
  load: string;
}

/** Installed before any page script: keeps the latest LCP candidate. */
function observeLcp() {
  const w = window as unknown as { __lcp?: { startTime: number; element: string } };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      element?: Element | null;
      url?: string;
      size?: number;
    })[]) {
      const el = entry.element;
      const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = el
        ? `${el.tagName.toLowerCase()}${entry.url ? ` ${entry.url}` : ''} "${text}"`
        : '?';
      w.__lcp = { startTime: entry.startTime, element: `${name} (${entry.size ?? 0} px²)` };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function lcpRun(
  route: string,
  ready: (page: Page) => Promise<unknown>,
  session?: unknown,
): Promise<LcpRun> {
  const context = await benchContext({
    viewport: { width: 390, height: 844 },
    // The worker registers after 'load' and does not serve a first visit; DevTools' throttling
    // would not apply to its downloads either.
  });
  try {
    if (session) await presetSession(context, sessionKeys.member, session);
    await context.addInitScript(observeLcp);
    const page = await context.newPage();
    const log = await recordNetwork(page);
    await throttle(log.cdp);
    await page.goto(route, { timeout: 120_000 });
    await ready(page);
    const shown = await page.evaluate(() => performance.now());
    // Images and fonts still coming may paint a larger element: wait for a quiet network.
    await log.idle(1000, 120_000);
    const lcp = await page.evaluate(
      () => (window as unknown as { __lcp?: { startTime: number; element: string } }).__lcp,
    );
    if (!lcp) throw new Error(`no largest-contentful-paint entry on ${route}`);
    return { lcp: lcp.startTime, element: lcp.element, shown, load: load1() };
  } finally {
    await context.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function learnerLcpBench(lines: string[], runs = 3) {
  const machine = machineLine();
  const { server } = await browserBench();
  const member = await memberSession(server.url);
  const screens = [
    {
      what: "sign-in screen ('Masuk'), `/belajar/` signed out",
      limit: 2500,
      run: () =>
        lcpRun('/belajar/', (page) =>
          page.getByRole('button', { name: 'Masuk', exact: true }).waitFor({ timeout: 120_000 }),
        ),
    },
    {
      what: "'Program Saya' after sign-in (peserta1, 4 programs), `/belajar/` with the session",
      limit: 3000,
      run: () =>
        lcpRun(
          '/belajar/',
          (page) =>
            page.getByRole('list', { name: 'Daftar program' }).waitFor({ timeout: 120_000 }),
          member,
        ),
    },
  ];
  const rows: string[] = [];
  for (const screen of screens) {
    const results: LcpRun[] = [];
    for (let i = 0; i < runs; i += 1) {
      const r = await screen.run();
      console.log(`LCP ${screen.what}: ${s(r.lcp)} (${r.element}), load ${r.load}`);
      results.push(r);
    }
    const lcp = median(results.map((r) => r.lcp));
    const last = results.at(-1)!;
    rows.push(
      `| ${screen.what} | **${s(lcp)}** (runs ${results.map((r) => s(r.lcp)).join(', ')}) | ` +
        `≤ ${s(screen.limit)}: ${within(lcp, screen.limit)} | \`${last.element.replace(/[`|]/g, '')}\` | ` +
        `${s(median(results.map((r) => r.shown)))} | ${results.map((r) => r.load).join(', ')} |`,
    );
  }
  lines.push(
    '## Ajar Belajar on a throttled phone: largest contentful paint',
    '',
    machine,
    '',
    `Chromium throttled through the DevTools protocol before each navigation: CPU ${slowPhone.cpuSlowdown}× slower`,
    `(\`Emulation.setCPUThrottlingRate\`), network ${slowPhone.downloadBitsPerSecond / 1e6} Mbps down /`,
    `${slowPhone.uploadBitsPerSecond / 1e3} kbps up / ${slowPhone.latencyMs} ms latency`,
    '(`Network.emulateNetworkConditions`); 390 × 844 viewport. Each run is a cold load in a new',
    'context (empty cache, service worker blocked). The figure is the last',
    '`largest-contentful-paint` entry (PerformanceObserver, buffered) once the screen is shown',
    'and the network has been quiet for 1 s: its `startTime`, i.e. from the start of the',
    "navigation of the page that shows the screen. 'Program Saya' is timed from the navigation",
    'to `/belajar/` with the session already signed in through the member API',
    '(`POST /api/member/v1/login`, kept in localStorage as the app does), so it includes the',
    'app shell, the session check and the program list call. Median of ' + runs + ' runs.',
    '',
    '| screen | LCP, median | goal | LCP element (last run) | screen seen by the bench, median | load avg (1 min) per run |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  );
}
