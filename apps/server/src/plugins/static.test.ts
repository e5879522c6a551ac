import fs from 'node:fs';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;
let learnerDist: string;
const bigScript = `console.log(${JSON.stringify('ajar '.repeat(400))})`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ajar</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  // Precompressed copies as the build writes them (scripts/vite-shared.ts precompress).
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js'), bigScript);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.br'), brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.gz'), gzipSync(bigScript));
  fs.writeFileSync(
    path.join(webDist, 'index.html.gz'),
    gzipSync('<!doctype html><title>Ajar</title>'),
  );
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {})');
  learnerDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-learner-'));
  fs.mkdirSync(path.join(learnerDist, 'assets'));
  fs.writeFileSync(path.join(learnerDist, 'index.html'), '<!doctype html><title>Belajar</title>');
  fs.writeFileSync(path.join(learnerDist, 'assets', 'main-1.js'), 'console.log("belajar")');
  fs.writeFileSync(path.join(learnerDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(learnerDist, 'manifest.webmanifest'), '{"name":"Ajar Belajar"}');
  t = await createTestApp({ WEB_DIST: webDist, LEARNER_DIST: learnerDist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(learnerDist, { recursive: true, force: true });
});

/** A GET that accepts the given encodings. */
function getEncoded(url: string, acceptEncoding: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
}

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

  it('sends the precompressed copy the browser accepts, with Vary, cached for a year', async () => {
    const br = await getEncoded('/assets/big-1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(bigScript))).toBe(true);

    const gz = await getEncoded('/assets/big-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);

    // A file without a copy goes as it is; index.html (deep links too) is never cached.
    const small = await getEncoded('/assets/app-1.js', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
    const deep = await getEncoded('/peserta', 'gzip');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<title>Ajar</title>');
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

describe("the participants' app under /belajar/", () => {
  it('answers its own index.html, uncached, for /belajar/ and its deep links', async () => {
    for (const url of ['/belajar/', '/belajar/program/x', '/belajar/masuk?kembali=%2F']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Belajar</title>');
    }
    // Without the slash: moved to the address the service worker's scope covers.
    const bare = await t.app.inject({ method: 'GET', url: '/belajar?x=1' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/belajar/?x=1');
    // Everything else stays the back office's.
    const office = await t.app.inject({ method: 'GET', url: '/belajarku/program/x' });
    expect(office.body).toContain('<title>Ajar</title>');
  });

  it('serves its hashed assets for a year and a missing one as 404 JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/belajar/assets/main-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("belajar")');
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/belajar/assets/main-2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    // The back office's asset is not the learner's, and the reverse.
    const crossed = await t.app.inject({ method: 'GET', url: '/belajar/assets/app-1.js' });
    expect(crossed.statusCode).toBe(404);
  });

  it('serves its service worker uncached with the scope /belajar/, and its manifest', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/belajar/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['service-worker-allowed']).toBe('/belajar/');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    const manifest = await t.app.inject({ method: 'GET', url: '/belajar/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toContain('Ajar Belajar');
  });

  it('never serves a file outside its build folder', async () => {
    for (const url of ['/belajar/../package.json', '/belajar/%2e%2e/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('"workspaces"');
    }
  });
});
