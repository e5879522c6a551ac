import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { popupMessages } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  gameplayCreateSchema,
  gameplayIdParamSchema,
  gameplayMessages,
  gameplaySchema,
  gameplayShowMultiQuerySchema,
  gameplayUpdateSchema,
} from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import {
  createGameplay,
  deleteGameplay,
  showGameplays,
  updateGameplay,
  type PopupQuizDeps,
} from './popup-quiz.service';

const tags = ['popup-quiz'];
const gameplayReply = envelopeSchema(gameplaySchema);

/** Pop-up questions (gameplays) of video activities: DESIGN §3 paths. */
export const popupQuizRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/gameplay/v1';
  const deps = (): PopupQuizDeps => ({ db: app.db, storage: app.storage });

  app.post(
    `${base}/create`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Create a pop-up question of a video activity',
        body: gameplayCreateSchema,
        response: { 200: gameplayReply },
      },
    },
    async (request) =>
      ok(
        await createGameplay(deps(), currentUser(request), request.body),
        popupMessages.questionSaved,
      ),
  );

  app.put(
    `${base}/update/:id`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Update a pop-up question (type and activity are fixed)',
        params: gameplayIdParamSchema,
        body: gameplayUpdateSchema,
        response: { 200: gameplayReply },
      },
    },
    async (request) =>
      ok(
        await updateGameplay(deps(), currentUser(request), request.params.id, request.body),
        popupMessages.questionSaved,
      ),
  );

  app.get(
    `${base}/show_multi`,
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        summary: 'Pop-up questions by id, in the order asked (ids joined by commas)',
        querystring: gameplayShowMultiQuerySchema,
        response: { 200: envelopeSchema(z.array(gameplaySchema)) },
      },
    },
    async (request) => ok(await showGameplays(app.db, currentUser(request), request.query.ids)),
  );

  app.delete(
    `${base}/delete/:id`,
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        summary: 'Delete a pop-up question; its id leaves the activity quizzes',
        params: gameplayIdParamSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteGameplay(app.db, currentUser(request), request.params.id);
      return ok(null, gameplayMessages.deleted);
    },
  );
};
