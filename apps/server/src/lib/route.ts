import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import type { Permission } from '@ajar/shared/common/roles';
import type { RequestUser } from '../modules/auth/request-user';
import { currentUser } from '../plugins/auth';
import { ok } from './reply';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodType | undefined;
/** The parsed value of an optional schema: `undefined` where the route declares none. */
export type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteDoc<P extends Schema, Q extends Schema, B extends Schema, D extends z.ZodType> {
  method: Method;
  url: string;
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data`. */
  data: D;
  /** The envelope's success message (default `success`). */
  message?: string;
  /** Extra route options (multipart limits, body limit). */
  bodyLimit?: number;
}

/** A handler's answer with a message chosen at run time (the default is the route's `message`). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

type Answer<D extends z.ZodType> = Promise<z.input<D> | Reply<z.input<D>>>;

export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
}

/** A staff route: needs a session and, where named, a permission of DESIGN §4. */
export interface StaffRoute<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends z.ZodType,
> extends RouteDoc<P, Q, B, D> {
  permission?: Permission;
  handler: (input: RouteInput<P, Q, B> & { user: RequestUser }) => Answer<D>;
}

/** A route outside the staff guard: `public` (guests) or `member` (the member API's guard). */
export interface OpenRoute<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends z.ZodType,
> extends RouteDoc<P, Q, B, D> {
  access: 'public' | 'member';
  handler: (input: RouteInput<P, Q, B>) => Answer<D>;
}

function register<P extends Schema, Q extends Schema, B extends Schema, D extends z.ZodType>(
  app: FastifyInstance,
  def: RouteDoc<P, Q, B, D>,
  config: FastifyContextConfig,
  run: (input: RouteInput<P, Q, B>) => Answer<D>,
) {
  // The zod validator and serializer compilers are the app's; typing comes from the schemas above.
  app.route({
    method: def.method,
    url: def.url,
    config,
    bodyLimit: def.bodyLimit,
    schema: {
      tags: def.tags,
      summary: def.summary,
      description: def.description,
      params: def.params,
      querystring: def.query,
      body: def.body,
      response: { 200: envelopeSchema(def.data) },
    },
    handler: async (request) => {
      // The type provider validated these against the declared schemas before the handler runs.
      const input = {
        params: request.params as Parsed<P>,
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        request,
      };
      const answer = await run(input);
      return answer instanceof Reply ? ok(answer.data, answer.message) : ok(answer, def.message);
    },
  });
}

/**
 * One route of a module: parse params, query and body with the shared zod schemas, check the
 * session and permission, call the service, wrap the reply in the envelope. Every module
 * declares its routes through this, so the shape is written once.
 */
export function staffRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(app: FastifyInstance, def: StaffRoute<P, Q, B, D>) {
  register(app, def, { permission: def.permission }, (input) =>
    def.handler({ ...input, user: currentUser(input.request) }),
  );
}

/** A guest route (`public`) or a member-API route (`member`), declared like `staffRoute`. */
export function openRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(app: FastifyInstance, def: OpenRoute<P, Q, B, D>) {
  const config: FastifyContextConfig =
    def.access === 'public' ? { public: true } : { member: true };
  register(app, def, config, def.handler);
}
