import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { AppError } from '../lib/app-error';
import { loadPromClient } from '../lib/lazy-modules';
import { openRoute } from '../lib/route';

/** Seconds: from a quick read to a slow export. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/** The node-postgres pool behind the database handle, when the database is PostgreSQL. */
function poolOf(app: FastifyInstance): pg.Pool | undefined {
  const client = (app.db as unknown as { $client?: unknown }).$client;
  return client && typeof client === 'object' && 'totalCount' in client
    ? (client as pg.Pool)
    : undefined;
}

/**
 * `/api/metrics` in Prometheus's text format, registered only with METRICS=true:
 * requests counted and timed per route pattern (`/api/program/v1/:id`, never the raw URL, so ids
 * do not make a series each), sockets connected to this server, the PostgreSQL pool, and the
 * process (memory, CPU, event loop, from prom-client's defaults). With METRICS_TOKEN (required in
 * production) a scraper sends `Authorization: Bearer <token>`; staff sessions do not open it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await loadPromClient();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'ajar_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'ajar_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: latencyBuckets,
    registers: [registry],
  });
  new Gauge({
    name: 'ajar_sockets_connected',
    help: 'Socket.IO sockets connected to this server',
    registers: [registry],
    collect() {
      this.set(app.realtime.localSocketCount());
    },
  });
  const pool = poolOf(app);
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge(
      'ajar_db_pool_connections',
      'PostgreSQL connections open in the pool',
      (p) => p.totalCount,
    );
    poolGauge('ajar_db_pool_idle', 'PostgreSQL connections idle in the pool', (p) => p.idleCount);
    poolGauge(
      'ajar_db_pool_waiting',
      'Queries waiting for a pool connection',
      (p) => p.waitingCount,
    );
  }

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched requests (the built apps, 404s) share one series.
    const route = request.is404 ? '(unmatched)' : (request.routeOptions.url ?? '(unmatched)');
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const token = app.config.METRICS_TOKEN;
  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/metrics',
    tags: ['health'],
    summary: 'Prometheus metrics (METRICS=true; Bearer METRICS_TOKEN when set)',
    hide: true,
    data: 'reply',
    handler: async ({ request, reply }) => {
      if (token !== undefined && !hasToken(request.headers.authorization, token)) {
        throw AppError.unauthorized();
      }
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    },
  });
});
