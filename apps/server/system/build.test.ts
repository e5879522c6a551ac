import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, repoRoot, serverMain } from '@ajar/test-support';
import { call, dataOf, errorLines, staffLogin } from './support/http';
import {
  createPgDatabase,
  startServerProcess,
  systemAdmin,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * The production artifact: `apps/server/dist/main.js` runs with plain node on
 * PostgreSQL and on PGlite, answers readiness, finds every file it reads at run time, picks its
 * listen address, and drains requests in flight on SIGTERM before exiting 0 within 10 s.
 */

const readyBody = { closing: false, db: 'ok', redis: 'off', storage: 'ok' };

/** The command line of a running process, as the kernel has it. */
function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

function environment(pid: number): Record<string, string> {
  const entries = fs
    .readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .filter(Boolean)
    .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Plain node on the compiled file: no loader flag, no NODE_OPTIONS, nothing but the script. */
function expectPlainNode(server: ServerProcess) {
  expect(commandLine(server.pid)).toEqual([process.execPath, serverMain]);
  expect(environment(server.pid).NODE_OPTIONS).toBeUndefined();
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the build', () => {
  it('is one ES module that imports no TypeScript loader', () => {
    ensureServerBuild();
    const code = fs.readFileSync(serverMain, 'utf8');
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports).toContain('fastify');
    expect(imports.filter((name) => /^(tsx|esbuild|typescript|vitest)\b/.test(name ?? ''))).toEqual(
      [],
    );
    // The workspace's shared TypeScript is compiled in, not imported.
    expect(imports.filter((name) => name?.startsWith('@ajar/'))).toEqual([]);
  });
});

describe('the compiled server on PostgreSQL', () => {
  let database: PgDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createPgDatabase('ajar_build');
    server = await startServerProcess({ name: 'pg', env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('runs with plain node, migrates an empty database and answers readiness', async () => {
    expectPlainNode(server);
    const ready = await call(server.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 200, message: 'success', data: readyBody });
    expect((await call(server.url, 'GET', '/api/health/live')).status).toBe(200);
    // The first superadmin from ADMIN_EMAIL signs in and reads through the compiled services.
    const token = await staffLogin(server.url, systemAdmin);
    const list = await call(server.url, 'GET', '/api/program/v1/company/list?page=1&limit=10', {
      token,
    });
    expect(list.status).toBe(200);
  });

  it('exits 0 on SIGTERM, with no error in its log', async () => {
    expect(await server.stop()).toBe(0);
    expect(errorLines(server.logs())).toEqual([]);
  });
});

describe('main.js --prepare (npm start runs it beside a first build)', () => {
  let database: PgDatabase;
  afterAll(async () => {
    await database?.drop();
  });

  it('migrates a PostgreSQL database, then exits 0 without listening', async () => {
    database = await createPgDatabase('ajar_prepare');
    const child = spawn(process.execPath, [serverMain, '--prepare'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-system-prepare-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/preparing process peak memory/);
    expect(output).not.toMatch(/Server listening/);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe('the compiled server on PGlite in production', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-build-'));
  let server: ServerProcess;
  let token: string;
  beforeAll(async () => {
    // HOST empty = unset: production listens on every interface.
    server = await startServerProcess({ name: 'pglite', env: { DATA_DIR: dataDir, HOST: '' } });
    token = await staffLogin(server.url, systemAdmin);
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs with plain node, answers readiness and serves the web build', async () => {
    expectPlainNode(server);
    const ready = await call(server.url, 'GET', '/api/health/ready');
    expect(ready.json).toEqual({ status: 200, message: 'success', data: readyBody });
    // The web build is found from the compiled file (apps/web/dist beside the server package).
    const index = path.join(repoRoot, 'apps/web/dist/index.html');
    if (fs.existsSync(index)) {
      const page = await call(server.url, 'GET', '/programs');
      expect(page.status).toBe(200);
      expect(page.text).toBe(fs.readFileSync(index, 'utf8'));
    }
  });

  it('listens on every interface without HOST in production', async () => {
    // 127.0.0.2 is loopback too, but a socket bound to 127.0.0.1 alone refuses it.
    expect(await accepts('127.0.0.2', server.port)).toBe(true);
  });

  it('on SIGTERM finishes an upload in flight, says it is not ready, and exits 0 within 10 s', async () => {
    const video = fs.readFileSync(
      path.join(repoRoot, 'apps/server/src/seed/assets/video-demo.mp4'),
    );
    const boundary = 'ajarbuildtest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lambat.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const upload = http.request(`${server.url}/api/storage/v1/media/company/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + video.length + tail.length),
      },
    });
    const answered = new Promise<{ status: number; body: string; connection?: string }>(
      (resolve, reject) => {
        upload.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          );
        });
        upload.on('error', reject);
      },
    );
    upload.write(head);
    upload.write(video.subarray(0, 16 * 1024));

    // A readiness request under way (headers not finished) on a connection opened before.
    const probe = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => probe.once('connect', resolve));
    let probeAnswer = '';
    probe.on('data', (chunk: Buffer) => (probeAnswer += chunk.toString()));
    const probeClosed = new Promise((resolve) => probe.once('close', resolve));
    probe.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
    await sleep(200);

    const signalledAt = Date.now();
    process.kill(server.pid, 'SIGTERM');
    // Once the listening socket is closed, the shutdown has begun.
    const deadline = Date.now() + 5_000;
    while ((await accepts('127.0.0.1', server.port)) && Date.now() < deadline) await sleep(50);
    expect(await accepts('127.0.0.1', server.port)).toBe(false);
    probe.write('\r\n');

    // The rest of the upload arrives slowly, over about two seconds, after the signal.
    for (let offset = 16 * 1024; offset < video.length; offset += 16 * 1024) {
      await sleep(250);
      upload.write(video.subarray(offset, offset + 16 * 1024));
    }
    upload.end(tail);

    const reply = await answered;
    expect(reply.status).toBe(200);
    expect(reply.connection).toBe('close');
    const item = (JSON.parse(reply.body) as { data: { id: string; url: string; size: number } })
      .data;
    expect(item.size).toBe(video.length);

    const exit = await server.waitExit();
    const took = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    expect(errorLines(server.logs())).toEqual([]);

    await probeClosed;
    expect(probeAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(JSON.parse(probeAnswer.slice(probeAnswer.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 503,
      message: 'Server sedang berhenti',
      data: { ...readyBody, closing: true },
    });

    // Started again on the same data: the upload answered 200 is there, whole.
    server = await startServerProcess({ name: 'pglite-again', env: { DATA_DIR: dataDir } });
    const file = await call(server.url, 'GET', new URL(item.url, server.url).pathname);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(video)).toBe(true);
  });
});

describe('the compiled server with demo data', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // The default start: NODE_ENV unset (development) seeds the demo data; HOST unset.
    server = await startServerProcess({
      name: 'demo',
      env: {
        NODE_ENV: 'development',
        HOST: '',
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
      },
      startTimeoutMs: 110_000,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('listens on 127.0.0.1 only and says so in its log', async () => {
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    expect(await accepts('127.0.0.2', server.port)).toBe(false);
    expect(server.logs()).toContain('listening on 127.0.0.1 only');
    expect(server.logs()).toContain('HOST=0.0.0.0');
  });

  it('warns that it runs on the embedded database without --liftoff-only', () => {
    // Started as `node apps/server/dist/main.js` (no flags), as a process manager might.
    expect(server.logs()).toContain('without --liftoff-only');
  });

  it('seeded the demo data, its video read from the seed assets', async () => {
    const token = await staffLogin(server.url, {
      email: 'admin@ajar.test',
      password: 'Rahasia123',
    });
    const list = await call(
      server.url,
      'GET',
      '/api/storage/v1/media/company/list?type=video&limit=100',
      {
        token,
      },
    );
    expect(list.status).toBe(200);
    const videos = dataOf<{ list: { url: string; size: number }[] }>(list).list;
    const demo = fs.statSync(path.join(repoRoot, 'apps/server/src/seed/assets/video-demo.mp4'));
    const seeded = videos.find((video) => video.size === demo.size);
    expect(seeded).toBeDefined();
    const file = await call(server.url, 'GET', new URL(seeded!.url, server.url).pathname);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(demo.size);
  });
});
