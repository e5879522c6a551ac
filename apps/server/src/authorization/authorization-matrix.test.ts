import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@ajar/shared/common/roles';
import {
  buildMatrixWorld,
  matrixRoles,
  type MatrixRole,
  type MatrixWorld,
} from '../test/matrix-world';
import { uniqueAddress } from '../test/factories/auth';
import { connectSocket } from '../test/factories/chat';
import { recordRoutes, type RecordedRoute } from '../test/route-recorder';
import { createTestApp, type TestApp } from '../test/test-app';
import { matrixRows } from './authorization-matrix.rows';
import type { MatrixRow, RowRequest } from './authorization-matrix.types';

const rows = matrixRows;
const statusesOf = (r: MatrixRow) => r.expect.split(' ').map(Number);
const expected = (r: MatrixRow, role: MatrixRole) => statusesOf(r)[matrixRoles.indexOf(role)]!;
const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * The status the guard alone gives a caller, from the route's declared access (lib/route.ts) and
 * permission, or undefined where the service decides (scope, ownership).
 */
function guardStatus(route: RecordedRoute, role: MatrixRole): number | undefined {
  const staffRole = role === 'admin' || role === 'superadmin' ? role : 'trainer';
  if (route.access === 'public' || route.url.startsWith('/api/docs')) return undefined;
  if (route.access === 'member') return role === 'member' ? undefined : 401;
  if (!route.url.startsWith('/api/') && !route.permission) return undefined;
  if (role === 'anonymous' || role === 'member') return 401;
  if (route.permission && !can(staffRole, route.permission)) return 403;
  return undefined;
}

/** `/api/x/…` → `/%61pi/x/…`: the router decodes before matching, the guard reads the pattern. */
const encodeFirstLetter = (url: string) =>
  url.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
/** Every `-` of the path (the ids) as `%2D`. */
const encodeDashes = (url: string) => {
  const [path, query] = url.split('?');
  return `${path!.replaceAll('-', '%2D')}${query === undefined ? '' : `?${query}`}`;
};
/** The path's last slash as `%2F`: no route matches, so never more than the plain answer. */
const encodeLastSlash = (url: string) => {
  const [path, query] = url.split('?');
  const i = path!.lastIndexOf('/');
  return `${path!.slice(0, i)}%2F${path!.slice(i + 1)}${query === undefined ? '' : `?${query}`}`;
};

describe('authorization matrix', () => {
  let t: TestApp;
  let routes: RecordedRoute[];
  let w: MatrixWorld;
  const byKey = new Map<string, RecordedRoute>();

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      // /api/metrics is registered only when turned on: on here, so it has its row.
      t = await createTestApp({
        METRICS: 'true',
        // Each role's token sends every route in a burst; the limits have their own tests.
        RATE_LIMITS: 'false',
        METRICS_TOKEN: 'matrix-metrics-token-0123456789',
      });
    } finally {
      routes = recorder.stop();
    }
    for (const r of routes) byKey.set(r.key, r);
    w = await buildMatrixWorld(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function send(r: MatrixRow, role: MatrixRole, mapUrl = (u: string) => u) {
    const headers = w.headers[role];
    let spec: RowRequest;
    try {
      spec = await r.request({ w, role, headers });
    } catch (error) {
      // A row whose set-up fails shows up as a mismatch of its own, not as a crash of the file.
      return {
        statusCode: -1,
        body: `set-up failed: ${(error as Error).message}`,
      } as LightMyRequestResponse;
    }
    const method = spec.method ?? r.route.split(' ')[0]!.split(',')[0]!;
    const res = await t.app.inject({
      method: method as 'GET',
      url: mapUrl(spec.url),
      headers: { ...headers, ...spec.headers },
      // Each request from its own address, so per-address throttles never mix rows.
      remoteAddress: uniqueAddress(),
      ...(spec.payload === undefined ? {} : { payload: spec.payload as string }),
    });
    const sent = `${spec.url} ${typeof spec.payload === 'object' && !Buffer.isBuffer(spec.payload) ? JSON.stringify(spec.payload) : ''}`;
    return Object.assign(res, {
      sent: [...(spec.echoes ?? []), ...w.markers.filter((m) => sent.includes(m))],
    });
  }

  /** Program A's data in a reply the caller may not read. */
  /** A reply may echo what the caller sent itself (an id in the path, a code in a file). */
  function leak(
    r: MatrixRow,
    role: MatrixRole,
    res: LightMyRequestResponse & { sent?: string[] },
  ): string | undefined {
    if (role === 'trainerA' || role === 'admin' || role === 'superadmin') return undefined;
    if (r.publicData && is2xx(res.statusCode)) return undefined;
    if (role === 'member' && byKey.get(r.route)?.access === 'member') return undefined;
    return w.markers.find((m) => !res.sent?.includes(m) && res.body.includes(m));
  }

  it('has one row per route the app registers, and no row without a route', () => {
    const covered = routes.filter((r) => !r.autoHead).map((r) => r.key);
    const keys = rows.map((r) => r.route);
    expect(
      covered.filter((k) => !keys.includes(k)),
      'routes without a row',
    ).toEqual([]);
    expect(
      keys.filter((k) => !byKey.has(k)),
      'rows without a route',
    ).toEqual([]);
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'rows twice',
    ).toEqual([]);
    // Every HEAD Fastify adds belongs to a GET row.
    for (const r of routes.filter((x) => x.autoHead)) expect(keys).toContain(`GET ${r.url}`);
  });

  it("agrees with each route's declared guard (access and permission)", () => {
    const wrong: string[] = [];
    for (const r of rows) {
      const route = byKey.get(r.route);
      if (!route) continue;
      expect(statusesOf(r), r.route).toHaveLength(matrixRoles.length);
      for (const role of matrixRoles) {
        const guard = guardStatus(route, role);
        if (guard !== undefined && guard !== expected(r, role)) {
          wrong.push(`${r.route} ${role}: table ${expected(r, role)}, guard ${guard}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers every route × caller as the table says, and never leaks program A', async () => {
    const mismatches: string[] = [];
    for (const r of rows) {
      for (const role of matrixRoles) {
        const res = await send(r, role);
        const want = expected(r, role);
        if (res.statusCode !== want) {
          mismatches.push(
            `${r.route} ${role}: ${res.statusCode} (table ${want}) ${res.body.slice(0, 160)}`,
          );
        }
        const found = leak(r, role, res);
        if (found) mismatches.push(`${r.route} ${role}: reply holds program A's "${found}"`);
        if (res.statusCode >= 500) mismatches.push(`${r.route} ${role}: ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('answers percent-encoded paths as the plain ones, never past the guard', async () => {
    const mismatches: string[] = [];
    for (const r of rows) {
      for (const role of ['anonymous', 'member', 'trainerB', 'admin'] as const) {
        const want = expected(r, role);
        for (const [name, map] of [
          ['letter', encodeFirstLetter],
          ['dashes', encodeDashes],
        ] as const) {
          const res = await send(r, role, map);
          const allowed = r.encodedNotFound && guardStatus(byKey.get(r.route)!, role) === undefined;
          if (res.statusCode !== want && !(allowed && res.statusCode === 404)) {
            mismatches.push(`${r.route} ${role} ${name}: ${res.statusCode} (plain ${want})`);
          }
        }
        const slash = await send(r, role, encodeLastSlash);
        if (slash.statusCode >= 500)
          mismatches.push(`${r.route} ${role} slash: ${slash.statusCode}`);
        if (is2xx(slash.statusCode) && !is2xx(want)) {
          mismatches.push(`${r.route} ${role} slash: ${slash.statusCode} past the guard`);
        }
        for (const res of [slash]) {
          const found = leak(r, role, res);
          if (found) mismatches.push(`${r.route} ${role} encoded: leaks "${found}"`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('answers HEAD of every GET route like the GET for callers the guard refuses', async () => {
    const mismatches: string[] = [];
    for (const route of routes.filter((x) => x.autoHead)) {
      const r = rows.find((x) => x.route === `GET ${route.url}`)!;
      for (const role of ['anonymous', 'member', 'trainerB'] as const) {
        const spec = await r.request({ w, role, headers: w.headers[role] });
        const res = await t.app.inject({ method: 'HEAD', url: spec.url, headers: w.headers[role] });
        const want = expected(r, role);
        if (!is2xx(want) && res.statusCode !== want) {
          mismatches.push(`HEAD ${route.url} ${role}: ${res.statusCode} (GET ${want})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('opens a socket for every signed-in caller and refuses a guest (Socket.IO is no Fastify route)', async () => {
    // engine.io listens on the HTTP server itself, so onRoute never sees it: checked here.
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const outcomes: string[] = [];
    for (const role of matrixRoles) {
      const token = w.headers[role].authorization?.replace(/^Bearer /, '') ?? null;
      try {
        const socket = await connectSocket(url, token);
        socket.close();
        outcomes.push(`${role} open`);
      } catch {
        outcomes.push(`${role} refused`);
      }
    }
    expect(outcomes).toEqual([
      'anonymous refused',
      'member open',
      'trainerB open',
      'trainerA open',
      'admin open',
      'superadmin open',
    ]);
  });
});
