import { queryOptions } from '@tanstack/react-query';
import { agendaTexts } from '@ajar/shared/agenda/agenda.constants';
import type { Agenda, ReminderSetting } from '@ajar/shared/agenda/agenda.schemas';
import { downloadMemberFile } from '../../../api/download';
import { http } from '../../../api/http';

/** The participant's agenda: the next 30 days across their programs (the server's default). */
export const agendaQuery = queryOptions({
  queryKey: ['agenda'],
  queryFn: ({ signal }) => http.get<Agenda>('/agenda', undefined, signal),
  refetchOnWindowFocus: true,
});

/** Whether reminders are on ('Pengingat'). */
export const reminderSettingQuery = queryOptions({
  queryKey: ['agenda', 'reminders'],
  queryFn: ({ signal }) => http.get<ReminderSetting>('/agenda/reminders', undefined, signal),
});

export const setReminders = (enabled: boolean) =>
  http.put<ReminderSetting>('/agenda/reminders', { enabled });

/** 'Tambah ke kalender': the meeting occurrence as an .ics file. */
export const downloadMeetingCalendar = (activityId: string, occurrence: string) =>
  downloadMemberFile(
    `/agenda/meeting/${encodeURIComponent(activityId)}/calendar.ics`,
    { occurrence },
    { fallback: 'pertemuan.ics', failed: agendaTexts.calendarFailed },
  );
