import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { messages } from '@ajar/shared/common/messages';
import { AppError } from '../lib/app-error';

/** `/learning_targets/competence/0` → `learning_targets.competence.0` */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || '_';
}

/** Turns every error into the envelope of DESIGN §3; a 5xx never shows its internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        status: error.status,
        message: error.message,
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
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ status: 500, message: messages.serverError });
    }
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
