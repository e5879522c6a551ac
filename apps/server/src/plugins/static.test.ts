import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ajar</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {})');
  t = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers index.html for deep links, and 404 JSON for unknown API paths', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/program/abc/detail?tab=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('<title>Ajar</title>');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
  });

  it('serves hashed assets as immutable and a missing asset as 404, never as HTML', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('serves files written after the start (a rebuild while running)', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3.js'), 'console.log(3)');
    const fresh = await t.app.inject({ method: 'GET', url: '/assets/app-3.js' });
    expect(fresh.statusCode).toBe(200);
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).not.toContain('immutable');
  });

  it('never serves a file outside the build folder', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('"workspaces"');
    }
  });
});
