import {
  attendanceMessages,
  isMeetingActivityType,
} from '@ajar/shared/attendance/attendance.constants';
import {
  findOccurrence,
  hasScheduleEntries,
  meetingScheduleOf,
  nextOccurrence,
} from '@ajar/shared/attendance/attendance.rules';
import { formatIndonesianDate } from '@ajar/shared/certificates/certificates.rules';
import type {
  Attendance,
  AttendanceList,
  AttendanceListQueryParsed,
  CheckInData,
} from '@ajar/shared/attendance/attendance.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findLearningContext, markComplete } from '../members/activity-progress.service';
import { lockRedeem } from '../members/learning.repository';
import type { MemberRef } from '../members/redeem.service';
import { assignedScope, requireProgram, type Viewer } from '../access/access.service';
import { recordLearningEvent } from '../records/records.service';
import { getTopic } from '../topics/topics.service';
import * as repo from './attendance.repository';

/**
 * `POST /api/member/v1/program/{programId}/activity/{activityId}/attendance`: the member checks in
 * to the meeting occurrence running now (from a few minutes before its start to its end), once
 * per occurrence. Attending completes the activity (progress is recomputed).
 */
export async function checkIn(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
  now: Date = new Date(),
): Promise<CheckInData> {
  const { redeem, activity } = await findLearningContext(db, member, programId, activityId);
  if (!isMeetingActivityType(activity.type)) {
    throw AppError.badRequest(attendanceMessages.notMeeting);
  }
  const schedule = meetingScheduleOf(activity.content);
  if (!schedule || !hasScheduleEntries(schedule)) {
    throw AppError.badRequest(attendanceMessages.noSchedule);
  }
  const occurrence = findOccurrence(schedule, now);
  if (!occurrence) {
    const next = nextOccurrence(schedule, now);
    throw AppError.badRequest(
      next
        ? attendanceMessages.outsideScheduleNext(
            formatIndonesianDate(next.starts_at),
            next.start_time,
            next.end_time,
          )
        : attendanceMessages.outsideScheduleOver,
    );
  }
  return db.transaction(async (tx) => {
    await lockRedeem(tx, redeem.id);
    const row = await repo.insertAttendance(tx, {
      member_redeem_id: redeem.id,
      member_id: member.id,
      program_id: activity.program_id,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      schedule_key: occurrence.key,
    });
    if (!row) throw AppError.badRequest(attendanceMessages.already);
    await recordLearningEvent(tx, {
      memberId: member.id,
      programId: activity.program_id,
      activityId: activity.id,
      kind: 'checked_in',
      data: { schedule_key: occurrence.key },
    });
    const { progress } = await markComplete(tx, redeem.id, activity);
    return {
      id: row.id,
      activity_id: activity.id,
      schedule: {
        key: occurrence.key,
        date: occurrence.date,
        start_time: occurrence.start_time,
        end_time: occurrence.end_time,
      },
      created_at: row.created_at.toISOString(),
      progress,
    };
  });
}

/**
 * The list's and the export's filter after the scope checks: a program or topic the viewer may
 * not see answers 404; a trainer without a program filter reads only assigned programs.
 */
export async function scopedFilter(
  db: Db,
  viewer: Viewer,
  query: { program_id?: string; topic_id?: string; q?: string },
): Promise<repo.AttendanceFilter> {
  if (query.program_id) await requireProgram(db, viewer, query.program_id);
  if (query.topic_id) await getTopic(db, viewer, query.topic_id);
  return {
    programId: query.program_id,
    topicId: query.topic_id,
    q: query.q,
    assignedUserId: assignedScope(viewer),
  };
}

export function toAttendance(row: repo.AttendanceRow): Attendance {
  return {
    id: row.id,
    member: { id: row.member_id, fullname: row.member_fullname, phone: row.member_phone },
    program: { id: row.program_id, title: row.program_title },
    topic: { id: row.topic_id, name: row.topic_name },
    activity: { id: row.activity_id, name: row.activity_name },
    schedule_key: row.schedule_key,
    created_at: row.created_at.toISOString(),
  };
}

/** `GET /api/presence/v1/company/list`. */
export async function listAttendances(
  db: Db,
  viewer: Viewer,
  query: AttendanceListQueryParsed,
): Promise<AttendanceList> {
  const filter = await scopedFilter(db, viewer, query);
  const { rows, total } = await repo.listAttendances(db, {
    ...filter,
    dir: query.dir,
    page: query.page,
    limit: query.limit,
  });
  return { list: rows.map(toAttendance), limit: query.limit, page: query.page, total };
}
