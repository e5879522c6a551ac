import type { FastifyInstance } from 'fastify';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { attentionRoutes } from './modules/analytics/attention.routes';
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
import { participantsRoutes } from './modules/participants/participants.routes';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { membersRoutes } from './modules/members/members.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { resellersRoutes } from './modules/resellers/resellers.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { auditRoutes } from './modules/records/audit.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import { programAnalyticsRoutes } from './modules/analytics/program-analytics.routes';
import { questionStatsRoutes } from './modules/analytics/question-stats.routes';
import { trainerNotificationsRoutes } from './modules/trainer-notifications/trainer-notifications.routes';

/**
 * Every domain's routes, one line per module. They only declare routes (and their jobs): what
 * they use is on the app already (app.ts, the composition root).
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(programsRoutes);
  await app.register(studiesRoutes);
  await app.register(topicsRoutes);
  await app.register(usersRoutes);
  await app.register(authRoutes);
  await app.register(mediaRoutes);
  await app.register(filesRoutes);
  await app.register(activitiesRoutes);
  await app.register(quizRoutes);
  await app.register(popupQuizRoutes);
  await app.register(dashboardRoutes);
  await app.register(downloadsRoutes);
  await app.register(membersRoutes);
  await app.register(privacyRoutes);
  await app.register(vouchersRoutes);
  await app.register(participantsRoutes);
  await app.register(exportsRoutes);
  await app.register(importsRoutes);
  await app.register(resellersRoutes);
  await app.register(attendanceRoutes);
  await app.register(recordsRoutes);
  await app.register(auditRoutes);
  await app.register(discussionsRoutes);
  await app.register(certificatesRoutes);
  await app.register(chatRoutes);
  await app.register(notificationsRoutes);
  await app.register(agendaRoutes);
  await app.register(attentionRoutes);
  await app.register(trainerNotificationsRoutes);
  await app.register(programAnalyticsRoutes);
  await app.register(jobsRoutes);
  await app.register(questionStatsRoutes);
}
