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
    // onRequest: before the guards and on unknown paths too.
    app.addHook('onRequest', async (request) => {
      checkUrl(request);
    });
    // preValidation: the body is parsed, the route's schema has not run yet.
    app.addHook('preValidation', async (request) => {
      const body = findUnstorableText(request.body);
      if (body) throw refuse(body.field);
    });
  },
  { name: 'input-text' },
);
