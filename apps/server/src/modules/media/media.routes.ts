import type { FastifyPluginAsync } from 'fastify';
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
import { openRoute, staffRoute } from '../../lib/route';
import { z } from 'zod';
import { deleteMediaItem, getMediaItem, listMediaItems, uploadMedia } from './media.service';
import {
  discardRest,
  registerMultipart,
  uploadParts,
  type UploadLimits,
  type UploadRefusals,
} from '../../plugins/multipart';
import { mediaFileRoutes } from './media-files.routes';

/** Parser limits: the largest kind's limit here, each kind's own limit while streaming. */
const uploadLimits: UploadLimits = {
  fileSize: maxUploadBytes,
  files: 1,
  fields: 20,
  parts: 25,
  fieldSize: 32 * 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

const uploadRefusals: UploadRefusals = {
  fileRequired: mediaMessages.fileRequired,
  tooLarge: mediaMessages.fileTooLarge(formatLimit(maxUploadBytes)),
  oneFile: mediaMessages.oneFile,
};

const tags = ['media'];
const bearer = [{ bearer: [] }];

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  // Scoped to this plugin; another module may register its own for its routes.
  await registerMultipart(app, uploadLimits);
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
        return await uploadMedia(
          deps(),
          uploadParts(request, uploadLimits, uploadRefusals),
          user,
          query.type,
        );
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

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/storage/v1/media/company/delete/:id',
    permission: 'media.manage',
    tags,
    security: bearer,
    summary: 'Delete a media item',
    description: 'Removes the item, its file and, for a video, its HLS renditions and poster.',
    params: mediaIdParamSchema,
    data: z.null(),
    message: mediaMessages.deleted,
    handler: async ({ params }) => {
      await deleteMediaItem(deps(), params.id);
      return null;
    },
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
