import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { isQuizActivityType } from '@ajar/shared/activities/activities.constants';
import { isMeetingActivityType } from '@ajar/shared/attendance/attendance.constants';
import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import type { Db } from '../db/client';
import {
  activities,
  activityProgress,
  certificates,
  memberRedeems,
  members,
  topics,
} from '../db/schema';
import { insertLearningEvents, kindsRecorded } from '../modules/records/records.repository';
import type { NewLearningEvent } from '../modules/records/records.repository';
import { demoMemberEmail } from './participants.seed';

const minute = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * minute);

const isVideo = (type: string) => type === 'menonton_video' || type === 'embed_youtube';

type Progress = typeof activityProgress.$inferSelect;

/**
 * The events one finished activity leaves, in server time, ending when it was completed: what
 * the member did there according to the progress the learning seed wrote.
 */
function activityEvents(
  ids: { member_id: string; program_id: string; activity_id: string },
  type: string,
  p: Progress,
): NewLearningEvent[] {
  const done = p.completed_at ?? p.work_uploaded_at;
  if (!done) return [];
  const event = (kind: LearningEventKind, when: Date, data: Record<string, unknown> = {}) => ({
    ...ids,
    kind,
    data,
    created_at: when,
  });
  const out: NewLearningEvent[] = [];
  if (isVideo(type)) {
    const length = Math.round(p.video_duration ?? 300);
    const half = Math.round(length / 2);
    const start = at(done, -length / 60 - 1);
    out.push(event('activity_opened', start));
    out.push(
      event('video_watched', at(start, half / 60), { from: 0, to: half, watched_seconds: half }),
    );
    out.push(
      event('popup_answered', at(start, half / 60 + 0.2), { question_number: 1, correct: true }),
    );
    out.push(event('video_watched', done, { from: half, to: length, watched_seconds: length }));
  } else if (isQuizActivityType(type)) {
    out.push(event('activity_opened', at(done, -12)));
    out.push(event('quiz_started', at(done, -11)));
    for (let n = 1; n <= 3; n += 1) {
      out.push(event('answer_saved', at(done, -11 + n * 2), { question_number: n }));
    }
    out.push(event('quiz_submitted', done, p.score === null ? {} : { score: p.score }));
  } else if (type === 'praktek_mandiri' && p.work_uploaded_at) {
    out.push(event('activity_opened', at(p.work_uploaded_at, -25)));
    out.push(event('work_uploaded', p.work_uploaded_at, { file_name: p.work_file_name }));
  } else if (isMeetingActivityType(type)) {
    out.push(event('activity_opened', at(done, -3)));
    out.push(event('checked_in', done));
  } else {
    out.push(event('activity_opened', at(done, -8)));
    out.push(event('content_opened', at(done, -7.5)));
  }
  if (p.completed_at) out.push(event('activity_completed', p.completed_at));
  if (p.feedback_at && p.feedback_score !== null) {
    out.push({
      ...event('feedback_given', p.feedback_at, {
        score: p.feedback_score,
        ...(p.feedback_text ? { text: p.feedback_text } : {}),
      }),
      actor_user_id: p.feedback_by,
    });
  }
  return out;
}

/**
 * Participant 1's learning record (`peserta1@ajar.test`, the demo's walk-through participant):
 * every program they learn in gets the events its progress implies, so 'Detail Aktivitas' and
 * 'Ekspor Rekam Belajar' show a record with every kind of event. Only kinds a program's record
 * does not hold yet are added: where the services the seed calls already record a kind (a
 * certificate issued, a check-in), that record stands and is not doubled.
 *
 * The finished program's certificate is then shown corrected and revoked in its record only:
 * the certificate itself stays valid, so the demo's verification page keeps working.
 */
export async function seedLearningRecord(db: Db): Promise<number> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, demoMemberEmail(1)));
  if (!member) return 0;
  const redeems = await db
    .select({ id: memberRedeems.id, program_id: memberRedeems.program_id })
    .from(memberRedeems)
    .where(eq(memberRedeems.member_id, member.id));
  if (redeems.length === 0) return 0;
  const rows = await db
    .select({ type: activities.type, progress: activityProgress })
    .from(activityProgress)
    .innerJoin(activities, eq(activities.id, activityProgress.activity_id))
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(
      and(
        inArray(
          activityProgress.member_redeem_id,
          redeems.map((r) => r.id),
        ),
        isNotNull(activityProgress.completed_at),
      ),
    )
    .orderBy(asc(topics.seq), asc(activities.seq));
  const issued = await db
    .select({
      member_redeem_id: certificates.member_redeem_id,
      number: certificates.number,
      issued_at: certificates.issued_at,
    })
    .from(certificates)
    .where(
      inArray(
        certificates.member_redeem_id,
        redeems.map((r) => r.id),
      ),
    );
  const events: NewLearningEvent[] = [];
  for (const redeem of redeems) {
    const ids = { member_id: member.id, program_id: redeem.program_id };
    const planned: NewLearningEvent[] = rows
      .filter((r) => r.progress.member_redeem_id === redeem.id)
      .flatMap((r) =>
        activityEvents({ ...ids, activity_id: r.progress.activity_id }, r.type, r.progress),
      );
    const certificate = issued.find((c) => c.member_redeem_id === redeem.id);
    if (certificate) {
      const corrected = `${certificate.number}-K`;
      planned.push(
        {
          ...ids,
          kind: 'certificate_issued',
          data: { number: certificate.number },
          created_at: certificate.issued_at,
        },
        {
          ...ids,
          kind: 'certificate_corrected',
          data: {
            number: certificate.number,
            new_number: corrected,
            reason: 'Ejaan nama diperbaiki',
          },
          created_at: at(certificate.issued_at, 60),
        },
        {
          ...ids,
          kind: 'certificate_revoked',
          data: { number: corrected, reason: 'Contoh data demo: sertifikat dicabut' },
          created_at: at(certificate.issued_at, 120),
        },
      );
    }
    const recorded = await kindsRecorded(db, member.id, redeem.program_id);
    events.push(...planned.filter((e) => !recorded.has(e.kind)));
  }
  await insertLearningEvents(db, events);
  return events.length;
}
