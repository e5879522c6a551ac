import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { messages } from '@ajar/shared/common/messages';
import { AppError, defaultRetryAfterSeconds } from '../lib/app-error';
import {
  serviceUnavailableMessage,
  serviceUnavailableRetrySeconds,
  unavailableCause,
} from '../lib/service-unavailable';

/** `/learning_targets/competence/0` → `learning_targets.competence.0` */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || '_';
}

/** The answer to a value PostgreSQL refused (below): nothing of the query or the database. */
export const dataExceptionMessage = 'Data yang dikirim tidak valid';

/**
 * PostgreSQL's class 22 "data exception" (22003 out of range, 22P02 invalid text, 22021 bad
 * encoding, 22007/22008 dates…) in an error or its causes (Drizzle wraps the driver's error): its
 * code and message for the log, or null.
 */
export function dataExceptionCause(error: unknown): { code: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
      return { code, message: current.message };
    }
    current = current.cause;
  }
  return null;
}

/** Turns every error into the envelope of DESIGN §3; a 5xx never shows its internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // Every 429 tells when to come back.
      const retryAfter =
        error.retryAfterSeconds ?? (error.status === 429 ? defaultRetryAfterSeconds : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send({
        status: error.status,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.validation ? { validation: error.validation } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validation: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath, issue.params?.missingProperty);
        validation[key] ??= issue.message ?? messages.invalidForm;
      }
      return reply.status(400).send({ status: 400, message: messages.errorValidation, validation });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ status: 500, message: messages.serverError });
    }
    const unavailable = unavailableCause(error);
    if (unavailable) {
      // The database (or another service) is away: a retryable 503, not a bug report.
      request.log.warn({ cause: unavailable }, 'service unavailable');
      return reply
        .status(503)
        .header('retry-after', String(serviceUnavailableRetrySeconds))
        .send({ status: 503, message: serviceUnavailableMessage });
    }
    const dataException = dataExceptionCause(error);
    if (dataException) {
      // A safety net, not a validation: a value the shared schemas let through and PostgreSQL
      // refused (out of range, bad encoding…). Logged as an error so the missing bound gets fixed.
      request.log.error(
        { cause: dataException },
        'database refused a value: a schema misses a bound',
      );
      return reply.status(400).send({ status: 400, message: dataExceptionMessage });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ status: 500, message: messages.serverError });
    }
    if (status === 429) reply.header('retry-after', String(defaultRetryAfterSeconds));
    // Fastify's own 4xx (bad JSON, too large body, unsupported media type…).
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Format data tidak valid'
        : status === 413
          ? 'Ukuran data terlalu besar'
          : status === 415
            ? 'Format data tidak didukung'
            : error.message;
    return reply.status(status).send({ status, message });
  });
});

/** Messages of the router's own refusals (below). */
export const urlMessages = {
  badUrl: 'Alamat (URL) tidak valid',
  tooLong: 'Alamat (URL) terlalu panjang',
} as const;

/**
 * Fastify's `frameworkErrors` option (set in app.ts): a path the router cannot decode
 * (`%E0%A4%A`) or a path parameter over `maxParamLength` is answered by the router before any
 * hook or error handler, in Fastify's own shape with the raw path echoed. This answers the
 * envelope of DESIGN §3 instead, with the same status (400, 414).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ status: 400, message: urlMessages.badUrl });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ status: 414, message: urlMessages.tooLong });
  }
  request.log.error({ err: error }, 'router error');
  return reply.status(500).send({ status: 500, message: messages.serverError });
}
