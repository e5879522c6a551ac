import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { messages } from '@ajar/shared/common/messages';
import { memberLimits, memberMessages } from '@ajar/shared/members/members.constants';
import {
  activityParamSchema,
  workUploadDataSchema,
} from '@ajar/shared/members/member-learning.schemas';
import { AppError } from '../../lib/app-error';
import { openRoute } from '../../lib/route';
import { currentMember } from '../../plugins/member-auth';
import type { UploadPart } from '../../lib/upload-part';
import { uploadPracticeWork } from './practice-work.service';

const limits = {
  // One byte over the limit lets the stream tell "exactly 20 MB" from "more".
  fileSize: memberLimits.workFileBytes + 1,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: memberLimits.workNote * 4 + 16,
  fieldNameSize: 100,
  headerPairs: 50,
};

/** The parser's errors are the client's doing: 4xx with a clear message, never a 500. */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.tooLarge(memberMessages.workTooLarge);
    case 'FST_FILES_LIMIT':
      return AppError.validation({ file: memberMessages.oneFile });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.validation({ file: memberMessages.fileRequired });
    default:
      return AppError.badRequest(messages.invalidForm);
  }
}

export async function* parts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw AppError.validation({ file: memberMessages.fileRequired });
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        yield {
          kind: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : String(part.value),
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
            throw uploadError(error);
          }
        })(),
        discard: () => file.destroy(),
        truncated: () => file.truncated,
      };
    }
  } catch (error) {
    throw uploadError(error);
  }
}

/** After a refusal the rest of the body is read and dropped, so the client gets the reply. */
export function discardRest(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/** Practice work upload (praktek_mandiri): multipart `file` + `note`. */
export const practiceWorkRoutes: FastifyPluginAsync = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits });
  }
  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: '/api/member/v1/program/:programId/activity/:activityId/upload',
    tags: ['member'],
    summary: 'Upload practice work (multipart: file, note); completes the activity',
    description:
      'file: PDF, JPG/PNG/WEBP, Word/Excel/PowerPoint (docx/xlsx/pptx, doc/xls/ppt) or ZIP, type ' +
      'read from the bytes (415 otherwise, and for a PDF with JavaScript, actions or embedded files), ' +
      'at most 20 MB (413). note: up to 1000 characters. ' +
      'Replaces the previous upload.',
    params: activityParamSchema,
    data: workUploadDataSchema,
    message: memberMessages.workUploaded,
    handler: async ({ params, request }) => {
      try {
        return await uploadPracticeWork(
          { db: app.db, storage: app.storage, notify: app },
          currentMember(request),
          params,
          parts(request),
        );
      } catch (error) {
        discardRest(request.raw);
        throw error;
      }
    },
  });
};
