import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorableText, isStorableText, textMessages } from '@ajar/shared/common/text';
import { AppError } from '../lib/app-error';

/**
 * The path of the URL as the client sent it, percent-decoded segment by segment; a segment that
 * does not decode (malformed escapes) is left to the router, which answers it.
 */
function decodedPathSegments(url: string): string[] {
  const path = url.split('?', 1)[0] ?? '';
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '';
    }
  });
}

function refuse(field: string): AppError {
  return AppError.validation({ [field]: textMessages.invalidCharacter });
}

/** The URL: path parameters (by name), the rest of the path, and the query. */
function checkUrl(request: FastifyRequest): void {
  // Parameters, path segments and query values are pieces of the URL that only percent-decoding
  // changes: a URL without `%` whose own text is storable has none to refuse (most requests),
  // and the walk below, which names the field, is left for the rest.
  if (!request.url.includes('%') && isStorableText(request.url)) return;
  const param = findUnstorableText(request.params);
  if (param) throw refuse(param.field);
  if (!decodedPathSegments(request.url).every(isStorableText)) throw refuse('path');
  const query = findUnstorableText(request.query);
  if (query) throw refuse(query.field);
}

/**
 * Refuses NUL characters and lone surrogates (packages/shared `common/text.ts`) in every URL,
 * query, path parameter and parsed body with the app's 400 field error, before any route reads
 * them, so no such text reaches the database (PostgreSQL cannot store it). Global hooks, so a
 * route added later is covered too; multipart parts are read by their routes, which apply the
 * same rule to file names and fields.
 */
export const inputTextPlugin = fp(
  async (app: FastifyInstance) => {
    // Synchronous hooks: an async one costs a promise and a turn of the microtask queue on every
    // request, for checks that never wait.
    // onRequest: before the guards and on unknown paths too.
    app.addHook('onRequest', (request, _reply, done) => {
      checkUrl(request);
      done();
    });
    // preValidation: the body is parsed, the route's schema has not run yet.
    app.addHook('preValidation', (request, _reply, done) => {
      const body = findUnstorableText(request.body);
      done(body ? refuse(body.field) : undefined);
    });
  },
  { name: 'input-text' },
);
