import { z } from 'zod';
import { memberMessages } from '../members/members.constants';
import { agendaItemKinds, agendaLimits, agendaMessages } from './agenda.constants';

/** `GET /api/member/v1/agenda?days=30`: from now to `days` days ahead. */
export const agendaQuerySchema = z.object({
  days: z.coerce
    .number({ error: agendaMessages.daysInvalid })
    .int({ error: agendaMessages.daysInvalid })
    .min(1, { error: agendaMessages.daysInvalid })
    .max(agendaLimits.maxDays, { error: agendaMessages.daysInvalid })
    .default(agendaLimits.defaultDays),
});
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;

export const agendaItemSchema = z.object({
  /** Stable id of the entry: kind, activity (or program) and occurrence. */
  key: z.string(),
  kind: z.enum(agendaItemKinds),
  program: z.object({ id: z.uuid(), title: z.string() }),
  /** The activity the entry opens; null for the program's end (it opens the program). */
  activity: z.object({ id: z.uuid(), name: z.string(), type: z.string() }).nullable(),
  /** When it happens: a meeting's start, an opening, a deadline, the program's end (ISO). */
  at: z.string(),
  /** Meetings: the occurrence's end, its check-in window, whether the member checked in. */
  ends_at: z.string().nullable(),
  checkin_opens_at: z.string().nullable(),
  checked_in: z.boolean(),
  /** Meetings: the occurrence's key, for 'Tambah ke kalender'. */
  occurrence: z.string().nullable(),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

export const agendaSchema = z.object({
  from: z.string(),
  until: z.string(),
  list: z.array(agendaItemSchema),
  /** More entries fell in the window than one answer holds; the earliest are listed. */
  truncated: z.boolean(),
});
export type Agenda = z.infer<typeof agendaSchema>;

/** `GET /api/member/v1/agenda/meeting/{activityId}/calendar.ics?occurrence=…`. */
export const agendaCalendarParamSchema = z.object({
  activityId: z.uuid({ error: memberMessages.activityNotFound }),
});
export const agendaCalendarQuerySchema = z.object({
  occurrence: z
    .string({ error: agendaMessages.occurrenceNotFound })
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2}$/, {
      error: agendaMessages.occurrenceNotFound,
    }),
});

/** `GET|PUT /api/member/v1/agenda/reminders`: whether the member gets reminders. */
export const reminderSettingSchema = z.object({
  enabled: z.boolean({ error: 'enabled harus true atau false' }),
});
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;
