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
import { videoStreamsPlugin } from './modules/media/video-streams.plugin';
import { participantsRoutes } from './modules/participants/participants.routes';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { membersRoutes } from './modules/members/members.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes';
import { storagePlugin } from './plugins/storage';
import { exportsRoutes } from './modules/exports/exports.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { resellersRoutes } from './modules/resellers/resellers.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { auditRoutes } from './modules/records/audit.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import {
  notificationsRoutes,
  participantPushPlugin,
} from './modules/notifications/notifications.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import { questionStatsRoutes } from './modules/analytics/question-stats.routes';
import { trainerNotificationsRoutes } from './modules/trainer-notifications/trainer-notifications.routes';

/** Every domain's routes, one line per module. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(programsRoutes);
  await app.register(studiesRoutes);
  await app.register(topicsRoutes);
  await app.register(usersRoutes);
  await app.register(authRoutes); // decorates app.mailer and app.push for later modules
  await app.register(storagePlugin); // before any module that stores files
  await app.register(participantPushPlugin); // app.participantPush, before modules that notify
  await app.register(videoStreamsPlugin); // app.convertVideo, before modules that upload videos
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
  await app.register(agendaRoutes); // after app.participantPush: its reminders notify
  await app.register(trainerNotificationsRoutes);
  await app.register(jobsRoutes);
  await app.register(questionStatsRoutes);
}
