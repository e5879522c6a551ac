import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { popupMessages } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  gameplayCreateSchema,
  gameplayIdParamSchema,
  gameplayMessages,
  gameplaySchema,
  gameplayShowMultiQuerySchema,
  gameplayUpdateSchema,
} from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { staffRoute } from '../../lib/route';
import {
  createGameplay,
  deleteGameplay,
  showGameplays,
  updateGameplay,
  type PopupQuizDeps,
} from './popup-quiz.service';

const tags = ['popup-quiz'];

/** Pop-up questions (gameplays) of video activities: DESIGN §3 paths. */
export const popupQuizRoutes: FastifyPluginAsync = async (app) => {
  const base = '/api/gameplay/v1';
  const deps = (): PopupQuizDeps => ({ db: app.db, storage: app.storage });

  staffRoute(app, {
    method: 'POST',
    url: `${base}/create`,
    permission: 'program.manage',
    tags,
    summary: 'Create a pop-up question of a video activity',
    body: gameplayCreateSchema,
    data: gameplaySchema,
    message: popupMessages.questionSaved,
    handler: ({ user, body }) => createGameplay(deps(), user, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${base}/update/:id`,
    permission: 'program.manage',
    tags,
    summary: 'Update a pop-up question (type and activity are fixed)',
    params: gameplayIdParamSchema,
    body: gameplayUpdateSchema,
    data: gameplaySchema,
    message: popupMessages.questionSaved,
    handler: ({ user, params, body }) => updateGameplay(deps(), user, params.id, body),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/show_multi`,
    permission: 'program.view',
    tags,
    summary: 'Pop-up questions by id, in the order asked (ids joined by commas)',
    query: gameplayShowMultiQuerySchema,
    data: z.array(gameplaySchema),
    handler: ({ user, query }) => showGameplays(app.db, user, query.ids),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: `${base}/delete/:id`,
    permission: 'program.manage',
    tags,
    summary: 'Delete a pop-up question; its id leaves the activity quizzes',
    params: gameplayIdParamSchema,
    data: z.null(),
    message: gameplayMessages.deleted,
    handler: async ({ user, params }) => {
      await deleteGameplay(app.db, user, params.id);
      return null;
    },
  });
};
