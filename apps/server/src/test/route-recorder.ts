import dc from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '@ajar/shared/common/roles';

/** One route as the app registered it, with what `lib/route.ts` declared about it. */
export interface RecordedRoute {
  /** `GET /api/x/:id`; several methods of one declaration are joined (`GET,HEAD /media/*`). */
  key: string;
  methods: string[];
  url: string;
  /** Declared access (`lib/route.ts`); undefined for routes declared another way. */
  access: 'staff' | 'member' | 'public' | undefined;
  permission: Permission | undefined;
  /** A HEAD route Fastify added for a GET route (covered by the GET route's row). */
  autoHead: boolean;
  params: z.ZodType | undefined;
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
}

interface ZodLike {
  safeParse: unknown;
}
const asZod = (schema: unknown): z.ZodType | undefined =>
  schema && typeof (schema as ZodLike).safeParse === 'function' ? (schema as z.ZodType) : undefined;

/**
 * Records every route of the next Fastify instances created in this process: static files,
 * `/media/*`, the docs and the modules alike. Fastify announces each new instance on the
 * `fastify.initialization` diagnostics channel before any plugin runs, so an `onRoute` hook added
 * there sees every registration (no change to the app needed). Call `stop()` once the app is built.
 */
export function recordRoutes() {
  const routes: RecordedRoute[] = [];
  const onInit = (message: unknown) => {
    const app = (message as { fastify: FastifyInstance }).fastify;
    app.addHook('onRoute', (options: RouteOptions) => {
      const methods = [options.method].flat().map(String);
      const config = (options.config ?? {}) as Record<string, unknown>;
      const schema = (options.schema ?? {}) as Record<string, unknown>;
      const url = options.url;
      routes.push({
        key: `${methods.join(',')} ${url}`,
        methods,
        url,
        access: config.access as RecordedRoute['access'],
        permission: config.permission as Permission | undefined,
        autoHead: false,
        params: asZod(schema.params),
        query: asZod(schema.querystring),
        body: asZod(schema.body),
      });
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  return {
    routes,
    /** Stops recording and marks the HEAD routes Fastify derived from GET routes. */
    stop(): RecordedRoute[] {
      dc.unsubscribe('fastify.initialization', onInit);
      const gets = new Set(routes.filter((r) => r.key.startsWith('GET ')).map((r) => r.url));
      for (const r of routes) r.autoHead = r.key === `HEAD ${r.url}` && gets.has(r.url);
      return routes;
    },
  };
}
