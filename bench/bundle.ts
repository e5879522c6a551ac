import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface RouteBundle {
  route: string;
  files: number;
  gzipBytes: number;
}

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The JS a real browser loads for a route, measured gzipped from the built files. */
export async function routeBundle(
  browser: Browser,
  baseURL: string,
  webDist: string,
  route: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<RouteBundle> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (prepare) await prepare(page);
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await context.close();
  let gzipBytes = 0;
  for (const script of scripts) gzipBytes += gz(path.join(webDist, script));
  return { route, files: scripts.size, gzipBytes };
}

/** The largest chunk of the build, gzipped and raw. */
export function largestChunk(webDist: string): { file: string; bytes: number; gzipBytes: number } {
  const dir = path.join(webDist, 'assets');
  let best = { file: '', bytes: 0, gzipBytes: 0 };
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(dir, name);
    const bytes = fs.statSync(file).size;
    if (bytes > best.bytes) best = { file: `assets/${name}`, bytes, gzipBytes: gz(file) };
  }
  return best;
}
