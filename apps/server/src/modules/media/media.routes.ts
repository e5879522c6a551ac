import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { messages } from '@ajar/shared/common/messages';
import {
  formatLimit,
  maxUploadBytes,
  mediaMessages,
  mediaTypes,
} from '@ajar/shared/media/media.constants';
import {
  mediaIdParamSchema,
  mediaUploadQuerySchema,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaListSchema,
} from '@ajar/shared/media/media.schemas';
import { AppError } from '../../lib/app-error';
import { openRoute, staffRoute } from '../../lib/route';
import { getMediaItem, listMediaItems, uploadMedia } from './media.service';
import type { UploadPart } from '../../lib/upload-part';
import { mediaFileRoutes } from './media-files.routes';

/** Parser limits: the largest kind's limit here, each kind's own limit while streaming. */
const uploadLimits = {
  fileSize: maxUploadBytes,
  files: 1,
  fields: 20,
  parts: 25,
  fieldSize: 32 * 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

/** The multipart parser's errors are all the client's doing: they become 4xx, never a 500. */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.tooLarge(mediaMessages.fileTooLarge(formatLimit(maxUploadBytes)));
    case 'FST_FILES_LIMIT':
      return AppError.validation({ file: mediaMessages.oneFile });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.validation({ file: mediaMessages.fileRequired });
    default:
      return AppError.badRequest(messages.invalidForm);
  }
}

/** Adapts @fastify/multipart's parts to the service's parser-free `UploadPart`. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw AppError.validation({ file: mediaMessages.fileRequired });
  try {
    for await (const part of request.parts({ limits: uploadLimits })) {
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

/**
 * After a failed upload, whatever the client still sends is read and dropped, so it receives the
 * error reply instead of a reset connection mid-upload.
 */
function discardRest(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

const tags = ['media'];
const bearer = [{ bearer: [] }];

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  // Scoped to this plugin; another module may register its own for its routes.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: uploadLimits });
  }
  const deps = () => ({
    db: app.db,
    storage: app.storage,
    convertVideo: app.convertVideo ?? undefined,
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/storage/v1/media/company/upload',
    permission: 'media.manage',
    tags,
    security: bearer,
    summary: 'Upload a media file',
    description:
      'multipart/form-data: `file` (image jpeg/png/gif/webp, audio mp3/wav/ogg/m4a/aac/webm, ' +
      `video mp4, pdf, xlsx; type read from the bytes; ?type= refuses (400) a file of another kind before storing it; a PDF with JavaScript, actions or embedded files is 415), and optional ${['source', 'title', 'alt', 'caption', 'description', 'url'].join(', ')}.`,
    consumes: ['multipart/form-data'],
    query: mediaUploadQuerySchema,
    data: mediaItemSchema,
    handler: async ({ user, request, query }) => {
      try {
        return await uploadMedia(deps(), uploadParts(request), user, query.type);
      } catch (error) {
        discardRest(request.raw);
        throw error;
      }
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/storage/v1/media/company/list',
    permission: 'media.manage',
    tags,
    security: bearer,
    summary: 'Media library',
    description: `type: ${mediaTypes.join(', ')}; sort: created_at, title, size; limit -1 = all.`,
    query: mediaListQuerySchema,
    data: mediaListSchema,
    handler: ({ query }) => listMediaItems(deps(), query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/storage/v1/media/company/detail/:id',
    permission: 'media.manage',
    tags,
    security: bearer,
    summary: 'One media item',
    params: mediaIdParamSchema,
    data: mediaItemSchema,
    handler: ({ params }) => getMediaItem(deps(), params.id),
  });

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/storage/v1/media/public/:id',
    tags,
    summary: 'One media item, without sign-in',
    params: mediaIdParamSchema,
    data: mediaItemSchema,
    handler: ({ params }) => getMediaItem(deps(), params.id),
  });

  await app.register(mediaFileRoutes);
};
