import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityMessages } from '@ajar/shared/activities/activities.constants';
import {
  activityParamsSchema,
  activityProgramTopicParamsSchema,
  activityQuizUpdateSchema,
  activityReorderSchema,
  activitySchema,
  prepostCandidateSchema,
  programParamSchema,
} from '@ajar/shared/activities/activities.schemas';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { messages } from '@ajar/shared/common/messages';
import { mediaMessages, tooLargeMessage } from '@ajar/shared/media/media.constants';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { UploadPart } from '../media/media.service';
import {
  approveActivity,
  checkCreatePayload,
  checkUpdatePayload,
  createActivity,
  deleteActivity,
  prepostCandidate,
  readActivityForm,
  reorderActivities,
  showActivity,
  updateActivityDetails,
  updateActivityQuiz,
  type ActivityDeps,
  type ActivityForm,
} from './activities.service';

/** Parser limits: the largest file kind (video, 100 MB); the media service checks each kind. */
const formLimits = {
  fileSize: 100 * 1024 * 1024,
  files: 1,
  fields: 10,
  parts: 12,
  // `payload` carries the rich-text description and schedules.
  fieldSize: 1024 * 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

/** The multipart parser's errors are the client's doing: 4xx, never a 500. */
function formError(error: unknown): Error {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.tooLarge(tooLargeMessage('video'));
    case 'FST_FILES_LIMIT':
      return AppError.validation({ file: mediaMessages.oneFile });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return AppError.badRequest(messages.invalidForm);
    default:
      return AppError.badRequest(messages.invalidForm);
  }
}

/** Adapts @fastify/multipart's parts to the media service's parser-free `UploadPart`. */
async function* formParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts({ limits: formLimits })) {
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
            throw formError(error);
          }
        })(),
        discard: () => file.destroy(),
        truncated: () => file.truncated,
      };
    }
  } catch (error) {
    throw formError(error);
  }
}

/** After a refused upload the rest of the request is drained so the client gets the reply. */
function discardRest(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/** Multipart (`payload` + optional `file`) or a plain JSON body, read the same way. */
async function readForm(
  deps: ActivityDeps,
  request: FastifyRequest,
  check: (payload: unknown) => Promise<void> | void,
): Promise<ActivityForm> {
  if (!request.isMultipart()) return { payload: request.body ?? {}, upload: null };
  try {
    return await readActivityForm(deps, formParts(request), currentUser(request), check);
  } catch (error) {
    discardRest(request.raw);
    throw error;
  }
}

const tags = ['activities'];
const activityReply = envelopeSchema(activitySchema);
const emptyReply = envelopeSchema(z.null());
const formDescription =
  'multipart/form-data with `payload` (JSON of the body: name, type, status, settings, content, ' +
  'clone_from) and an optional `file` (mp4 video or PDF, type read from the bytes), or the body ' +
  'itself as application/json.';

export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: formLimits });
  }
  const deps = (): ActivityDeps => ({ db: app.db, storage: app.storage });
  const base = '/api/v1/activity/:program/:topic';

  app.post(
    `${base}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create an activity',
        description: formDescription,
        consumes: ['multipart/form-data', 'application/json'],
        params: activityProgramTopicParamsSchema,
        response: { 200: activityReply },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const form = await readForm(deps(), request, checkCreatePayload);
      const activity = await createActivity(deps(), actor, request.params, form);
      return ok(activity, activityMessages.created);
    },
  );

  app.get(
    `${base}/:id/show`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: 'One activity',
        params: activityParamsSchema,
        response: { 200: activityReply },
      },
    },
    async (request) => ok(await showActivity(deps(), currentUser(request), request.params)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${base}/:id/update`,
    config: { permission: 'program.manage' },
    schema: {
      tags,
      summary: 'Update an activity (its type is fixed)',
      description: formDescription,
      consumes: ['multipart/form-data', 'application/json'],
      params: activityParamsSchema,
      response: { 200: activityReply },
    },
    handler: async (request) => {
      const actor = currentUser(request);
      const form = await readForm(deps(), request, (payload) =>
        checkUpdatePayload(deps(), actor, request.params, payload),
      );
      const activity = await updateActivityDetails(deps(), actor, request.params, form);
      return ok(activity, activityMessages.updated);
    },
  });

  app.put(
    `${base}/:id/update-quiz`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Save the pop-up quiz of a video activity',
        params: activityParamsSchema,
        body: activityQuizUpdateSchema,
        response: { 200: activityReply },
      },
    },
    async (request) => {
      const result = await updateActivityQuiz(
        deps(),
        currentUser(request),
        request.params,
        request.body,
      );
      return ok(result.activity, result.message);
    },
  );

  app.put(
    `${base}/reorder`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Move an activity within its topic',
        params: activityProgramTopicParamsSchema,
        body: activityReorderSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await reorderActivities(deps(), currentUser(request), request.params, request.body);
      return ok(null, activityMessages.reordered);
    },
  );

  app.put(
    `${base}/:id/approve`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Approve (and publish) an activity',
        params: activityParamsSchema,
        response: { 200: activityReply },
      },
    },
    async (request) =>
      ok(
        await approveActivity(deps(), currentUser(request), request.params),
        activityMessages.approved,
      ),
  );

  app.delete(
    `${base}/:id/delete`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete an activity; the others close the gap',
        params: activityParamsSchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await deleteActivity(deps(), currentUser(request), request.params);
      return ok(null, activityMessages.deleted);
    },
  );

  app.get(
    '/api/program/v1/company/check-available-prepost/:program',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: 'The pre-test a new post-test may copy, or null',
        params: programParamSchema,
        response: { 200: envelopeSchema(prepostCandidateSchema) },
      },
    },
    async (request) =>
      ok(await prepostCandidate(deps(), currentUser(request), request.params.program)),
  );
};
