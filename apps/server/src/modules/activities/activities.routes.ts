import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { activityMessages } from '@ajar/shared/activities/activities.constants';
import { activityQuizUpdateSchema } from '@ajar/shared/activities/activities-popup-quiz.schemas';
import {
  activityParamsSchema,
  activityProgramTopicParamsSchema,
  activityReorderSchema,
  activitySchema,
  prepostCandidateSchema,
  programParamSchema,
} from '@ajar/shared/activities/activities.schemas';
import { findUnstorableText } from '@ajar/shared/common/text';
import { mediaMessages, tooLargeMessage } from '@ajar/shared/media/media.constants';
import type { RequestUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { Reply, staffRoute } from '../../lib/route';
import {
  discardRest,
  registerMultipart,
  uploadParts,
  type UploadLimits,
  type UploadRefusals,
} from '../../plugins/multipart';
import type { ActivityDeps } from './activities-access';
import { discardUpload, readActivityForm, type ActivityForm } from './activities-form';
import { updateActivityQuiz } from './activities-quiz.service';
import {
  approveActivity,
  checkCreatePayload,
  checkUpdatePayload,
  createActivity,
  deleteActivity,
  prepostCandidate,
  reorderActivities,
  showActivity,
  updateActivityDetails,
} from './activities.service';

/** Parser limits: the largest file kind (video, 100 MB); the media service checks each kind. */
const formLimits: UploadLimits = {
  fileSize: 100 * 1024 * 1024,
  files: 1,
  fields: 10,
  parts: 12,
  // `payload` carries the rich-text description and schedules.
  fieldSize: 1024 * 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

const formRefusals: UploadRefusals = {
  fileRequired: mediaMessages.fileRequired,
  tooLarge: tooLargeMessage('video'),
  oneFile: mediaMessages.oneFile,
};

/** NUL or a lone surrogate anywhere in the payload: 400 on its field, as for a JSON body. */
function assertStorablePayload(payload: unknown): void {
  const problem = findUnstorableText(payload);
  if (problem) throw AppError.validation({ [problem.field]: problem.message });
}

/** Multipart (`payload` + optional `file`) or a plain JSON body, read the same way. */
async function readForm(
  deps: ActivityDeps,
  request: FastifyRequest,
  user: RequestUser,
  check: (payload: unknown) => Promise<void> | void,
): Promise<ActivityForm> {
  if (!request.isMultipart()) return { payload: request.body ?? {}, upload: null };
  try {
    // The payload is JSON inside a field: the body hook never sees it, so the shared text rule is
    // applied here, before `check` and again when the payload came after the file.
    const form = await readActivityForm(
      deps,
      uploadParts(request, formLimits, formRefusals),
      user,
      (payload) => {
        assertStorablePayload(payload);
        return check(payload);
      },
    );
    try {
      assertStorablePayload(form.payload);
    } catch (error) {
      await discardUpload(deps, form.upload);
      throw error;
    }
    return form;
  } catch (error) {
    discardRest(request.raw);
    throw error;
  }
}

const tags = ['activities'];
const formDescription =
  'multipart/form-data with `payload` (JSON of the body: name, type, status, settings, content, ' +
  'clone_from) and an optional `file` (mp4 video or PDF, type read from the bytes), or the body ' +
  'itself as application/json.';
const formConsumes = ['multipart/form-data', 'application/json'];

export const activitiesRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app, formLimits);
  const deps = (): ActivityDeps => ({
    db: app.db,
    storage: app.storage,
    convertVideo: app.convertVideo ?? undefined,
  });
  const base = '/api/v1/activity/:program/:topic';

  // The form routes declare no body schema: a multipart body is read from the request.
  staffRoute(app, {
    method: 'POST',
    url: `${base}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create an activity',
    description: formDescription,
    consumes: formConsumes,
    params: activityProgramTopicParamsSchema,
    data: activitySchema,
    message: activityMessages.created,
    handler: async ({ user, params, request }) => {
      const form = await readForm(deps(), request, user, checkCreatePayload);
      return createActivity(deps(), user, params, form);
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/:id/show`,
    permission: 'program.view',
    tags,
    summary: 'One activity',
    params: activityParamsSchema,
    data: activitySchema,
    handler: ({ user, params }) => showActivity(deps(), user, params),
  });

  staffRoute(app, {
    method: ['PUT', 'POST'],
    url: `${base}/:id/update`,
    permission: 'program.manage',
    tags,
    summary: 'Update an activity (its type is fixed)',
    description: formDescription,
    consumes: formConsumes,
    params: activityParamsSchema,
    data: activitySchema,
    message: activityMessages.updated,
    handler: async ({ user, params, request }) => {
      const form = await readForm(deps(), request, user, (payload) =>
        checkUpdatePayload(deps(), user, params, payload),
      );
      return updateActivityDetails(deps(), user, params, form);
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${base}/:id/update-quiz`,
    permission: 'program.manage',
    tags,
    summary: 'Save the pop-up quiz of a video activity',
    params: activityParamsSchema,
    body: activityQuizUpdateSchema,
    data: activitySchema,
    handler: async ({ user, params, body }) => {
      const result = await updateActivityQuiz(deps(), user, params, body);
      return new Reply(result.activity, result.message);
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${base}/reorder`,
    permission: 'program.manage',
    tags,
    summary: 'Move an activity within its topic',
    params: activityProgramTopicParamsSchema,
    body: activityReorderSchema,
    data: z.null(),
    message: activityMessages.reordered,
    handler: async ({ user, params, body }) => {
      await reorderActivities(deps(), user, params, body);
      return null;
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${base}/:id/approve`,
    permission: 'program.manage',
    tags,
    summary: 'Approve (and publish) an activity',
    params: activityParamsSchema,
    data: activitySchema,
    message: activityMessages.approved,
    handler: ({ user, params }) => approveActivity(deps(), user, params),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${base}/:id/delete`,
    permission: 'program.manage',
    tags,
    summary: 'Delete an activity; the others close the gap',
    params: activityParamsSchema,
    data: z.null(),
    message: activityMessages.deleted,
    handler: async ({ user, params }) => {
      await deleteActivity(deps(), user, params);
      return null;
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/company/check-available-prepost/:program',
    permission: 'program.view',
    tags,
    summary: 'The pre-test a new post-test may copy, or null',
    params: programParamSchema,
    data: prepostCandidateSchema,
    handler: ({ user, params }) => prepostCandidate(deps(), user, params.program),
  });
};
