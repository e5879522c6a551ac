import type { FastifyInstance } from 'fastify';
import { matrixRows } from '../authorization/authorization-matrix.rows';
import type { MatrixRow } from '../authorization/authorization-matrix.types';
import { uniqueAddress } from '../test/factories/auth';
import { matrixRoles, type MatrixRole, type MatrixWorld } from '../test/matrix-world';
import type { RecordedRoute } from '../test/route-recorder';
import {
  activityCreateSchema,
  activityUpdateSchema,
} from '@ajar/shared/activities/activities.schemas';
import { casesFor, combinedCases, type BaseRequest, type FuzzCase } from './fuzz-cases';
import { prng } from './fuzz-values';

export interface FuzzOptions {
  seed: number;
  /** Cases per route and caller; `Infinity` runs every generated case. */
  casesPerTarget: number;
  /**
   * Only every `count`-th route of the matrix from `index` on (a test's share of the whole run,
   * so each share has a budget of its own); its cases come from `seed + index`.
   */
  shard?: { index: number; count: number };
  /**
   * Runs after each route's cases: a route whose cases change what every other route depends on
   * (a new privacy notice asks every member to agree again) puts the world back here.
   */
  afterRoute?: (route: string) => Promise<void>;
}

export interface FuzzFinding {
  route: string;
  role: MatrixRole;
  label: string;
  status: number;
  problem: string;
  body: string;
}

export interface FuzzReport {
  targets: number;
  /** Single-field cases generated (every target). */
  generated: number;
  /** Cases run that combine several single-field cases (beyond every single one). */
  combined: number;
  run: number;
  /** Cases whose valid starting request could not be made (a disposable failed to build). */
  skipped: { route: string; reason: string }[];
  byStatus: Record<string, number>;
  findings: FuzzFinding[];
  /** Router refusals still in Fastify's shape (app.ts without `frameworkErrors`). */
  routerErrors: string[];
  ms: number;
}

/** Internals a reply must never show: stack frames, source paths, SQL and its errors. */
const forbidden: [string, RegExp][] = [
  ['stack trace', /\n\s+at |\bat \S+ \(\S+:\d+:\d+\)/],
  [
    'source path',
    /\.(ts|js|mjs|cjs):\d+|node_modules|file:\/\/|\/(home|work|usr|opt|srv)\/[\w.-]+\/[\w.-]+\.(ts|js)/,
  ],
  ['SQL', /\bselect |\binsert |relation "|violates|syntax error|column "/i],
];

/** Routes that read their body themselves (JSON or multipart form): the schema they apply. */
const bodySchemas: Record<string, unknown> = {
  'POST /api/v1/activity/:program/:topic/create': activityCreateSchema,
  'PUT,POST /api/v1/activity/:program/:topic/:id/update': activityUpdateSchema,
};

const expected2xx = (row: MatrixRow, role: MatrixRole) => {
  const status = Number(row.expect.split(' ')[matrixRoles.indexOf(role)]);
  return status >= 200 && status < 300;
};

/** The callers a route is fuzzed as: those the guard lets through (the schemas run after it). */
function callers(row: MatrixRow, route: RecordedRoute): MatrixRole[] {
  if (route.access === 'public') return ['anonymous'];
  if (route.access === 'member') return ['member'];
  return (['superadmin', 'trainerA'] as const).filter((role) => expected2xx(row, role));
}

/**
 * Picks `n` cases, always with up to two of the NUL / lone-surrogate ones; beyond every single
 * case, combinations of several.
 */
function sample(cases: FuzzCase[], n: number, random: () => number): FuzzCase[] {
  if (n >= cases.length) {
    const extra = Number.isFinite(n) ? n - cases.length : 0;
    return [...cases, ...combinedCases(cases, extra, random)];
  }
  const shuffled = cases
    .map((c) => ({ c, k: random() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c);
  const bad = shuffled.filter((c) => c.badText).slice(0, 2);
  return [
    ...bad,
    ...shuffled.filter((c) => !bad.includes(c)).slice(0, Math.max(0, n - bad.length)),
  ];
}

/**
 * Where NUL is not answered 400, and why (each one read and accepted; a new one fails the fuzz).
 */
export const badTextExceptions: Record<string, { status: number; why: string }> = {
  'GET /api/download/:token': {
    status: 404,
    why: 'the route answers every malformed token as a link that does not exist',
  },
};

/** Fastify's own reply for a URL its router refuses, were app.ts not to set `frameworkErrors`. */
const routerShape = /^\{"error":"[^"]+","code":"FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)"/;

function check(
  route: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  c: FuzzCase,
  notes: string[],
) {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const exception = badTextExceptions[route];
  if (c.badText && res.statusCode !== 400 && res.statusCode !== exception?.status) {
    problems.push(`NUL/lone surrogate answered ${res.statusCode}, not 400`);
  }
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json') && !type.startsWith('text/')) return problems;
  for (const [name, pattern] of forbidden) if (pattern.test(res.body)) problems.push(name);
  if (res.statusCode >= 400 && type.includes('json')) {
    if (routerShape.test(res.body)) {
      notes.push(`${route}: ${res.body.slice(0, 80)}`);
      return problems;
    }
    // Every error is the envelope of DESIGN §3: the status repeated and a message.
    const body = JSON.parse(res.body) as { status?: unknown; message?: unknown };
    if (body.status !== res.statusCode || typeof body.message !== 'string') {
      problems.push('not the error envelope');
    }
  }
  return problems;
}

/**
 * Schema-driven fuzz of every route of the authorization matrix: each valid request (ids of
 * program A's world in the path) is broken one place at a time from the route's zod schemas, as
 * each caller the guard admits. Findings: any 5xx, internals in a reply, NUL / lone surrogate
 * not refused with 400.
 */
export async function runRouteFuzz(
  app: FastifyInstance,
  w: MatrixWorld,
  routes: RecordedRoute[],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const started = performance.now();
  const shard = options.shard ?? { index: 0, count: 1 };
  const random = prng(options.seed + shard.index);
  const report: FuzzReport = {
    targets: 0,
    generated: 0,
    combined: 0,
    run: 0,
    skipped: [],
    byStatus: {},
    findings: [],
    routerErrors: [],
    ms: 0,
  };
  const byKey = new Map(routes.map((r) => [r.key, r]));
  for (const [n, row] of matrixRows.entries()) {
    if (n % shard.count !== shard.index) continue;
    const route = byKey.get(row.route);
    if (!route || route.url.startsWith('/api/docs')) continue;
    for (const role of callers(row, route)) {
      const base = async (): Promise<BaseRequest> => {
        const spec = await row.request({ w, role, headers: w.headers[role] });
        return {
          method: spec.method ?? route.methods[0]!,
          url: spec.url,
          payload: spec.payload,
          headers: { ...w.headers[role], ...spec.headers },
        };
      };
      let first: BaseRequest;
      try {
        first = await base();
      } catch (error) {
        report.skipped.push({ route: row.route, reason: (error as Error).message });
        continue;
      }
      const all = casesFor(route, first, bodySchemas[row.route]);
      if (all.length === 0) continue;
      report.targets += 1;
      report.generated += all.length;
      const picked = sample(all, options.casesPerTarget, random);
      report.combined += Math.max(0, picked.length - all.length);
      for (const c of picked) {
        let request;
        try {
          request = c.build(await base());
        } catch (error) {
          report.skipped.push({ route: row.route, reason: (error as Error).message });
          continue;
        }
        const res = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          remoteAddress: uniqueAddress(),
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        report.run += 1;
        report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
        for (const problem of check(row.route, res, c, report.routerErrors)) {
          report.findings.push({
            route: row.route,
            role,
            label: c.label,
            status: res.statusCode,
            problem,
            body: res.body.slice(0, 300),
          });
        }
      }
    }
    await options.afterRoute?.(row.route);
  }
  report.ms = performance.now() - started;
  return report;
}
