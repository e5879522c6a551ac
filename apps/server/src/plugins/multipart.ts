import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { messages } from '@ajar/shared/common/messages';
import { AppError } from '../lib/app-error';
import type { UploadPart } from '../lib/upload-part';

/** The parser's limits of one upload form (busboy's names). */
export interface UploadLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
  fieldNameSize?: number;
  headerPairs: number;
}

/** What a route answers when the parser refuses a form, in its own domain's words. */
export interface UploadRefusals {
  /** Not a multipart body, or no file. */
  fileRequired: string;
  /** The file passed the parser's size limit. */
  tooLarge: string;
  /** More than one file. */
  oneFile: string;
  /**
   * Too many fields or parts, or a body the parser cannot read: a 400 on the form
   * (`messages.invalidForm`), or on `file` with `fileRequired` for a form that is only a file.
   */
  malformed?: 'form' | 'file';
}

/**
 * Registers the multipart parser for the calling plugin's routes, once per scope. The limits
 * given here are the scope's ceiling; each route reads its parts with its own.
 */
export async function registerMultipart(app: FastifyInstance, limits?: UploadLimits) {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, limits ? { limits } : {});
}

/** The parser's errors are the client's doing: 4xx with the route's message, never a 500. */
export function uploadError(error: unknown, refusals: UploadRefusals): Error {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.tooLarge(refusals.tooLarge);
    case 'FST_FILES_LIMIT':
      return AppError.validation({ file: refusals.oneFile });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.validation({ file: refusals.fileRequired });
    default:
      return refusals.malformed === 'file'
        ? AppError.validation({ file: refusals.fileRequired })
        : AppError.badRequest(messages.invalidForm);
  }
}

/**
 * The parts of a multipart form as the services read them (`UploadPart`, free of the parser):
 * fields as text, files as chunk streams read in order. Every parser error becomes the route's
 * 4xx.
 */
export async function* uploadParts(
  request: FastifyRequest,
  limits: UploadLimits,
  refusals: UploadRefusals,
): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw AppError.validation({ file: refusals.fileRequired });
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        yield {
          kind: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : JSON.stringify(part.value),
          truncated: part.valueTruncated,
        };
        continue;
      }
      const file = part.file;
      yield {
        kind: 'file',
        name: part.fieldname,
        filename: part.filename,
        chunks: (async function* () {
          try {
            for await (const chunk of file) yield chunk as Buffer;
          } catch (error) {
            throw uploadError(error, refusals);
          }
        })(),
        discard: () => file.destroy(),
        truncated: () => file.truncated,
      };
    }
  } catch (error) {
    throw uploadError(error, refusals);
  }
}

/**
 * After a refused upload, whatever the client still sends is read and dropped, so it receives the
 * error reply instead of a connection reset mid-upload.
 */
export function discardRest(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}
