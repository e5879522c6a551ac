import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import type { Permission } from '@ajar/shared/common/roles';
import { currentUser, type RequestUser } from '../plugins/auth';
import { currentMember, type RequestMember } from '../plugins/member-auth';
import { ok } from './reply';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a route declared here: `staff` (a session; `permission` names the right),
     * `member` (the member guard) or `public`. Read by the authorization matrix test; routes
     * declared without `staffRoute`/`memberRoute`/`openRoute` have none.
     */
    access?: 'staff' | 'member' | 'public';
    /** A member route that answers while a newer privacy notice waits for consent. */
    beforeConsent?: boolean;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
type Schema = z.ZodType | undefined;
/**
 * `data: 'reply'`: the handler answers through `reply` itself (a file, a stream, a 304) and
 * returns it; there is no envelope and no response schema.
 */
type Data = z.ZodType | 'reply';
/** The parsed value of an optional schema: `undefined` where the route declares none. */
export type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteDoc<P extends Schema, Q extends Schema, B extends Schema, D extends Data> {
  /** One method, or several sharing the handler (`['PUT', 'POST']`). */
  method: Method | Method[];
  url: string;
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data`, or `'reply'` for a handler that answers itself. */
  data: D;
  /** The envelope's success message (default `success`). */
  message?: string;
  /** Extra route options (multipart limits, body limit). */
  bodyLimit?: number;
  /** Request content types for the docs (`['multipart/form-data', 'application/json']`). */
  consumes?: string[];
  /** OpenAPI security; a public route defaults to `[]` (no token), others to the app's bearer. */
  security?: Record<string, string[]>[];
  /** Left out of the API docs (e.g. `/media/*`). */
  hide?: boolean;
  /** Fastify's automatic HEAD route (default on); off when the handler serves HEAD itself. */
  exposeHeadRoute?: boolean;
  /** A route-level error handler (e.g. a malformed token answering 404). */
  errorHandler?: RouteOptions['errorHandler'];
  /** The per-account limit of this kind of write, besides the general one (plugins/rate-limit.ts). */
  writeLimit?: FastifyContextConfig['writeLimit'];
}

/** A handler's answer with a message chosen at run time (the default is the route's `message`). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

type Answer<D extends Data> = D extends z.ZodType
  ? Promise<z.input<D> | Reply<z.input<D>>>
  : Promise<FastifyReply>;

export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  /** For headers, or the whole answer of a `data: 'reply'` route. */
  reply: FastifyReply;
}

/** A staff route: needs a session and, where named, a permission of DESIGN §4. */
export interface StaffRoute<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends Data,
> extends RouteDoc<P, Q, B, D> {
  permission?: Permission;
  handler: (input: RouteInput<P, Q, B> & { user: RequestUser }) => Answer<D>;
}

/** A member-API route (the member guard): the handler gets the signed-in member. */
export interface MemberRoute<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends Data,
> extends RouteDoc<P, Q, B, D> {
  /**
   * Answers before the member agreed to the notice in force: the consent screen's own calls,
   * sign-out, and the participant's rights (export, erasure).
   */
  beforeConsent?: boolean;
  handler: (input: RouteInput<P, Q, B> & { member: RequestMember }) => Answer<D>;
}

/** A guest route: no session. */
export interface OpenRoute<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends Data,
> extends RouteDoc<P, Q, B, D> {
  access: 'public';
  handler: (input: RouteInput<P, Q, B>) => Answer<D>;
}

function register<P extends Schema, Q extends Schema, B extends Schema, D extends Data>(
  app: FastifyInstance,
  def: RouteDoc<P, Q, B, D>,
  config: FastifyContextConfig,
  run: (input: RouteInput<P, Q, B>) => Answer<D>,
) {
  // The zod validator and serializer compilers are the app's; typing comes from the schemas above.
  app.route({
    method: def.method,
    url: def.url,
    config: def.writeLimit ? { ...config, writeLimit: def.writeLimit } : config,
    bodyLimit: def.bodyLimit,
    exposeHeadRoute: def.exposeHeadRoute,
    errorHandler: def.errorHandler,
    schema: {
      tags: def.tags,
      summary: def.summary,
      description: def.description,
      consumes: def.consumes,
      security: def.security ?? (config.public ? [] : undefined),
      hide: def.hide,
      // Only the parts a route declares: Fastify warns (FSTWRN001) about a part set to undefined.
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: def.data === 'reply' ? undefined : { 200: envelopeSchema(def.data) },
    },
    handler: async (request, reply) => {
      // The type provider validated these against the declared schemas before the handler runs.
      const input = {
        params: request.params as Parsed<P>,
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        request,
        reply,
      };
      const answer: unknown = await run(input);
      // A reply is thenable: awaiting the handler's `return reply` gives undefined, not the reply.
      if (def.data === 'reply' || answer === reply) return reply;
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
  D extends Data = z.ZodType,
>(app: FastifyInstance, def: StaffRoute<P, Q, B, D>) {
  register(app, def, { access: 'staff', permission: def.permission }, (input) =>
    def.handler({ ...input, user: currentUser(input.request) }),
  );
}

/** A member-API route, declared like `staffRoute`: the member guard runs before the handler. */
export function memberRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends Data = z.ZodType,
>(app: FastifyInstance, def: MemberRoute<P, Q, B, D>) {
  const config: FastifyContextConfig = {
    access: 'member',
    member: true,
    ...(def.beforeConsent ? { beforeConsent: true } : {}),
  };
  register(app, def, config, (input) =>
    def.handler({ ...input, member: currentMember(input.request) }),
  );
}

/** A guest route (`public`), declared like `staffRoute`. */
export function openRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends Data = z.ZodType,
>(app: FastifyInstance, def: OpenRoute<P, Q, B, D>) {
  register(app, def, { access: 'public', public: true }, def.handler);
}
