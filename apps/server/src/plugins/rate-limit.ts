import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  writeLimitMessages,
  writeLimits,
  type WriteLimitKind,
} from '@ajar/shared/common/write-limits';
import { AppError } from '../lib/app-error';
import { memoryCounterStore, redisCounterStore, type CounterStore } from '../lib/rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The limit of this route's kind of write besides the general one (a chat message, a
     * discussion post): plugins/rate-limit.ts.
     */
    writeLimit?: Exclude<WriteLimitKind, 'write' | 'upload'>;
  }
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The account a request is signed in as (staff or member), or null for a guest. */
function accountOf(request: FastifyRequest): { audience: 'member' | 'staff'; id: string } | null {
  if (request.user) return { audience: 'staff', id: `user:${request.user.id}` };
  if (request.member) return { audience: 'member', id: `member:${request.member.id}` };
  return null;
}

function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Per-account limits on signed-in writes (the figures in `writeLimits`, why in
 * docs/decisions.md): every POST/PUT/PATCH/DELETE of a signed-in staff user or member counts on
 * the account's general ceiling, and on its kind's limit (chat, discussion, a multipart upload).
 * Over a limit the request is answered 429 with `Retry-After` before its body is read. Counted in
 * Redis with `REDIS_URL` (every server together), else in this process.
 *
 * The hook is added only to write routes as each is declared (a global hook would cost every
 * GET a call); it runs in `preParsing`, after both guards (`onRequest`) have named the account.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.RATE_LIMITS) return;
    const store: CounterStore = app.config.REDIS_URL
      ? await redisCounterStore(app.config.REDIS_URL, app.log)
      : memoryCounterStore();
    app.addHook('onClose', () => store.close());

    const check = async (request: FastifyRequest) => {
      const account = accountOf(request);
      if (!account) return;
      const kinds: WriteLimitKind[] = ['write'];
      const routeKind = request.routeOptions.config.writeLimit;
      if (routeKind) kinds.push(routeKind);
      if (isMultipart(request)) kinds.push('upload');
      let waitMs = 0;
      for (const kind of kinds) {
        const limit = writeLimits[kind][account.audience];
        const windowMs = limit.windowSeconds * 1000;
        const { count, resetInMs } = await store.hit(`${kind}:${account.id}`, windowMs);
        if (count > limit.max) waitMs = Math.max(waitMs, resetInMs);
      }
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw AppError.tooMany(writeLimitMessages.tooMany(seconds), seconds);
      }
    };

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => writeMethods.has(method))) return;
      const existing = route.preParsing;
      // A new array (as the member guard does): Fastify may share the options between routes.
      route.preParsing = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        async (request, _reply, payload) => {
          if (writeMethods.has(request.method)) await check(request);
          return payload;
        },
      ];
    });
  },
  { name: 'rate-limit' },
);
