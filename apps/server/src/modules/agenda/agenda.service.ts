import { agendaMessages, reminderTimes } from '@ajar/shared/agenda/agenda.constants';
import { agendaEntries, dueReminders } from '@ajar/shared/agenda/agenda.rules';
import type { Agenda, AgendaQuery, ReminderSetting } from '@ajar/shared/agenda/agenda.schemas';
import { isMeetingActivityType } from '@ajar/shared/attendance/attendance.constants';
import { meetingScheduleOf, occurrenceByKey } from '@ajar/shared/attendance/attendance.rules';
import { learnerLinks } from '@ajar/shared/notifications/notifications.constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { serverNow } from '../../lib/clock';
import { defineJob, dropQueuedAfter, type JobQueue } from '../../lib/job-queue';
import type { MemberRef } from '../members/redeem.service';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { meetingCalendar } from './agenda-calendar';
import * as repo from './agenda.repository';

const dayMs = 24 * 60 * 60 * 1000;

/** One row per activity even when the member redeemed its program twice. */
function oncePerActivity<T extends { member_id: string; activity_id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.member_id}:${r.activity_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `GET /api/member/v1/agenda`: what comes next across the member's programs, from now to `days`
 * days ahead, in time order; bounded by the window and by `agendaLimits.maxItems`.
 */
export async function memberAgenda(
  db: Db,
  member: MemberRef,
  query: AgendaQuery,
  now: Date = serverNow(),
): Promise<Agenda> {
  const until = new Date(now.getTime() + query.days * dayMs);
  const [sources, ends] = await Promise.all([
    repo.agendaSources(db, { memberId: member.id }),
    repo.programEnds(db, member.id, now, until),
  ]);
  const { list, truncated } = agendaEntries(oncePerActivity(sources), ends, now, until);
  return { from: now.toISOString(), until: until.toISOString(), list, truncated };
}

/** 'Tambah ke kalender': one occurrence of a meeting the member can reach, as an .ics file. */
export async function meetingCalendarFile(
  db: Db,
  member: MemberRef,
  input: { activityId: string; occurrence: string },
  baseUrl: string,
  now: Date = serverNow(),
): Promise<{ body: string; fileName: string }> {
  const [source] = await repo.agendaSources(db, { memberId: member.id }, input.activityId);
  if (!source || !isMeetingActivityType(source.activity_type)) {
    throw AppError.notFound(agendaMessages.meetingNotFound);
  }
  const schedule = meetingScheduleOf(source.content);
  const occurrence = schedule ? occurrenceByKey(schedule, input.occurrence) : null;
  if (!occurrence) throw AppError.notFound(agendaMessages.occurrenceNotFound);
  const meeting = source.content.meeting as { link?: unknown } | undefined;
  const link =
    typeof meeting?.link === 'string' && /^https?:\/\//.test(meeting.link) ? meeting.link : null;
  const openIn = `${baseUrl}${learnerLinks.activity(source.program_id, source.activity_id)}`;
  const body = meetingCalendar({
    activityId: source.activity_id,
    occurrence: occurrence.key,
    title: source.activity_name,
    description: [
      `Program: ${source.program_title}`,
      ...(link ? [`Tautan pertemuan: ${link}`] : []),
      `Buka di Ajar Belajar: ${openIn}`,
    ].join('\n'),
    url: link ?? openIn,
    startsAt: occurrence.starts_at,
    endsAt: occurrence.ends_at,
    stamp: now,
  });
  return { body, fileName: `pertemuan-${occurrence.date}.ics` };
}

export async function reminderSetting(db: Db, member: MemberRef): Promise<ReminderSetting> {
  return { enabled: await repo.remindersEnabled(db, member.id) };
}

export async function updateReminderSetting(
  db: Db,
  member: MemberRef,
  body: ReminderSetting,
): Promise<ReminderSetting> {
  await repo.setRemindersEnabled(db, member.id, body.enabled);
  return body;
}

/** What sending reminders needs: each one due is announced (`agenda.reminder_due`). */
export interface ReminderDeps {
  db: Db;
  events: DomainEventPublisher;
}

/**
 * Sends the reminders due at `now` to the members who keep them on: each is claimed in
 * `member_reminders` first (its unique key), so a rerun, a retry or a second server never sends
 * it twice. Answers how many were sent.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date = serverNow()) {
  const sources = oncePerActivity(await repo.agendaSources(deps.db, { remindersOn: true }));
  const byMember = new Map<string, repo.MemberAgendaSource[]>();
  for (const s of sources) byMember.set(s.member_id, [...(byMember.get(s.member_id) ?? []), s]);
  let sent = 0;
  for (const [memberId, list] of byMember) {
    for (const due of dueReminders(list, now)) {
      const claimed = await repo.claimReminder(deps.db, {
        memberId,
        activityId: due.activity_id,
        kind: due.kind,
        occurrence: due.occurrence,
      });
      if (!claimed) continue;
      await deps.events.publish('agenda.reminder_due', {
        kind: due.kind,
        programId: due.program_id,
        activityId: due.activity_id,
        activityName: due.activity_name,
        memberId,
        at: due.at,
      });
      sent += 1;
    }
  }
  return sent;
}

const reminderQueue = 'agenda-reminders';

/**
 * The reminder job, every `runEveryMinutes`. As the audit retention (modules/records): the servers
 * run pg-boss without its cron, so each run queues the next; the `stately` queue holds at most one
 * waiting job, so every server starting (which queues one too) adds no second. A waiting run due
 * later than this server's period (queued under a longer one) is replaced at start, else it would
 * hold that place and the first run would wait for it.
 */
export async function defineReminderJob(
  deps: ReminderDeps & {
    queue: JobQueue;
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    /** Seconds between runs; a test server's shorter period (config.ts, REMINDER_EVERY_SECONDS). */
    everySeconds?: number;
  },
): Promise<void> {
  const every = deps.everySeconds ?? reminderTimes.runEveryMinutes * 60;
  const queueNext = () => deps.queue.send(reminderQueue, {}, { startAfter: every });
  await defineJob(deps.queue, {
    name: reminderQueue,
    queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    handler: async () => {
      await queueNext();
      const sent = await sendDueReminders(deps);
      if (sent > 0) deps.log.info({ sent }, 'agenda reminders');
    },
    ready: async () => {
      // pg-boss measures `startAfter` on the real clock, not on serverNow's (CLOCK_START).
      await dropQueuedAfter(deps.queue, reminderQueue, new Date(Date.now() + every * 1000));
      await queueNext();
    },
  });
}
