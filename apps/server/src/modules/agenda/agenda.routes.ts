import type { FastifyPluginAsync } from 'fastify';
import { agendaMessages } from '@ajar/shared/agenda/agenda.constants';
import {
  agendaCalendarParamSchema,
  agendaCalendarQuerySchema,
  agendaQuerySchema,
  agendaSchema,
  reminderSettingSchema,
} from '@ajar/shared/agenda/agenda.schemas';
import { attachmentHeader } from '../../lib/downloads';
import { publicOrigin } from '../../lib/public-origin';
import { memberRoute } from '../../lib/route';
import * as service from './agenda.service';

const tags = ['member'];

/**
 * The participant's agenda ('Agenda'), its meetings as calendar files, and the reminders
 * ('Pengingat') with the job that sends them (docs/decisions.md, "Agenda and reminders").
 */
export const agendaRoutes: FastifyPluginAsync = async (app) => {
  const baseUrl = publicOrigin(app.config);
  await service.defineReminderJob({
    db: app.db,
    events: app.events,
    queue: app.queue,
    log: app.log,
    everySeconds: app.config.REMINDER_EVERY_SECONDS,
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/agenda',
    tags,
    summary: "What comes next across the member's programs, in time order",
    description:
      'From now to `days` days ahead (default 30, at most 90): meeting occurrences with their ' +
      'check-in window, openings of scheduled activities, scheduled quizzes closing, program ' +
      'ends. At most 200 entries (the earliest); `truncated` says when more fell in the window.',
    query: agendaQuerySchema,
    data: agendaSchema,
    handler: ({ query, member }) => service.memberAgenda(app.db, member, query),
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/agenda/meeting/:activityId/calendar.ics',
    tags,
    summary: "One meeting occurrence as an iCalendar file ('Tambah ke kalender')",
    description: `occurrence: the entry's key (\`2026-12-05 19:00-21:00\`). 404 '${agendaMessages.meetingNotFound}' for a meeting the member cannot reach.`,
    params: agendaCalendarParamSchema,
    query: agendaCalendarQuerySchema,
    data: 'reply',
    handler: async ({ params, query, reply, member }) => {
      const file = await service.meetingCalendarFile(
        app.db,
        member,
        { activityId: params.activityId, occurrence: query.occurrence },
        baseUrl,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/agenda/reminders',
    tags,
    summary: 'Whether the member gets reminders before meetings and deadlines',
    data: reminderSettingSchema,
    handler: ({ member }) => service.reminderSetting(app.db, member),
  });

  memberRoute(app, {
    method: 'PUT',
    url: '/api/member/v1/agenda/reminders',
    tags,
    summary: "Turns the member's reminders on or off ('Pengingat')",
    body: reminderSettingSchema,
    data: reminderSettingSchema,
    message: agendaMessages.remindersSaved,
    handler: ({ body, member }) => service.updateReminderSetting(app.db, member, body),
  });
};
