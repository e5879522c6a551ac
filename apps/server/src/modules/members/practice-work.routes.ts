import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { memberLimits, memberMessages } from '@ajar/shared/members/members.constants';
import {
  activityParamSchema,
  workUploadDataSchema,
} from '@ajar/shared/members/member-learning.schemas';
import { memberRoute } from '../../lib/route';
import {
  discardRest,
  registerMultipart,
  uploadParts,
  type UploadLimits,
  type UploadRefusals,
} from '../../plugins/multipart';
import { uploadPracticeWork } from './practice-work.service';

const limits: UploadLimits = {
  // One byte over the limit lets the stream tell "exactly 20 MB" from "more".
  fileSize: memberLimits.workFileBytes + 1,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: memberLimits.workNote * 4 + 16,
  fieldNameSize: 100,
  headerPairs: 50,
};

const refusals: UploadRefusals = {
  fileRequired: memberMessages.fileRequired,
  tooLarge: memberMessages.workTooLarge,
  oneFile: memberMessages.oneFile,
};

/** A member's upload form (practice work, photo, chat image): one file and a short note. */
export const parts = (request: FastifyRequest) => uploadParts(request, limits, refusals);

/** Practice work upload (praktek_mandiri): multipart `file` + `note`. */
export const practiceWorkRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app, limits);
  memberRoute(app, {
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
    handler: async ({ params, request, member }) => {
      try {
        return await uploadPracticeWork(
          { db: app.db, storage: app.storage, events: app.events },
          member,
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
