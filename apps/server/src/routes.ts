import type { FastifyInstance } from 'fastify';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { popupQuizRoutes } from './modules/popup-quiz/popup-quiz.routes';
import { healthRoutes } from './modules/health/health.routes';
import { programsRoutes } from './modules/programs/programs.routes';
import { quizRoutes } from './modules/quiz/quiz.routes';
import { studiesRoutes } from './modules/studies/studies.routes';
import { topicsRoutes } from './modules/topics/topics.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { filesRoutes } from './modules/files/files.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { storagePlugin } from './plugins/storage';

/** Every domain's routes, one line per module. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(programsRoutes);
  await app.register(studiesRoutes);
  await app.register(topicsRoutes);
  await app.register(usersRoutes);
  await app.register(authRoutes); // decorates app.mailer and app.push for later modules
  await app.register(storagePlugin); // before any module that stores files
  await app.register(mediaRoutes);
  await app.register(filesRoutes);
  await app.register(activitiesRoutes);
  await app.register(quizRoutes);
  await app.register(popupQuizRoutes);
  await app.register(dashboardRoutes);
}
