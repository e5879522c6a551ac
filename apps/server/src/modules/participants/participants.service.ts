import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Paged } from '@ajar/shared/common/envelope';
import { isProgramScoped } from '@ajar/shared/common/roles';
import { participantMessages } from '@ajar/shared/participants/participants.constants';
import type {
  Feedback,
  FeedbackBodyParsed,
  MemberUpdateBodyParsed,
  Participant,
  ParticipantActivity,
  ParticipantDetail,
  ParticipantListQueryParsed,
  ParticipantMember,
  ParticipantTopic,
  VoucherDetail,
} from '@ajar/shared/participants/participants.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { Mailer } from '../../lib/mailer';
import { emailChangedMail } from '../auth/password-reset.mail';
import { endMemberSessions } from '../members/member-account.service';
import { recordAuditEvent } from '../records/audit-trail.service';
import { recordLearningEvent } from '../records/records.service';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './participants.repository';

/** What the work-file and removal calls need besides the database. */
export interface ParticipantDeps {
  db: Db;
  storage: Storage;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toMember(row: repo.MemberRow): ParticipantMember {
  const code = row.meta.code;
  return {
    id: row.id,
    fullname: row.fullname,
    phone: row.phone,
    email: row.email,
    date_of_birth: row.date_of_birth,
    education_level: row.education_level,
    meta: { code: typeof code === 'string' && code !== '' ? code : null },
  };
}

function toParticipant(row: repo.RedeemRow): Participant {
  return {
    id: row.id,
    license: row.license,
    pmo_code: row.pmo_code,
    member: toMember({
      id: row.member_id,
      fullname: row.member_fullname,
      phone: row.member_phone,
      email: row.member_email,
      date_of_birth: row.member_date_of_birth,
      education_level: row.member_education_level,
      meta: row.member_meta,
    }),
    results: { progress: row.progress, scores: row.scores },
    start_test_at: iso(row.start_test_at),
    end_test_at: iso(row.end_test_at),
    created_at: row.created_at.toISOString(),
  };
}

/** The staff-only address of a participant's uploaded work (see `openWork`). */
export function workUrl(redeemId: string, activityId: string) {
  return `/api/program/v1/trainer/member-redeem/${redeemId}/work/${activityId}`;
}

/**
 * A redemption the viewer may see: staff see all, a trainer only those of assigned programs;
 * anything else is 404.
 */
async function visibleRedeem(db: DbOrTx, viewer: Viewer, id: string) {
  const row = await repo.findRedeem(db, id);
  if (!row) throw AppError.notFound(participantMessages.redeemNotFound);
  await requireProgram(db, viewer, row.program_id);
  return row;
}

/** `GET /api/program/v1/trainer/member-redeem/list/{programId}`: one page of participants. */
export async function listParticipants(
  db: Db,
  viewer: Viewer,
  programId: string,
  query: ParticipantListQueryParsed,
): Promise<Paged<Participant>> {
  await requireProgram(db, viewer, programId);
  const { rows, total } = await repo.listParticipants(db, {
    programId,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    limit: query.limit,
  });
  return { list: rows.map(toParticipant), limit: query.limit, page: query.page, total };
}

type ActivityRow = Awaited<ReturnType<typeof repo.redeemActivities>>[number];

function toActivity(redeemId: string, row: ActivityRow & { activity_id: string }) {
  const hasFeedback = row.feedback_at !== null;
  const activity: ParticipantActivity = {
    id: row.activity_id,
    activity_id: row.activity_id,
    topic_id: row.topic_id,
    name: row.activity_name ?? '',
    title: row.activity_name ?? '',
    type: row.activity_type ?? '',
    activity_type: row.activity_type ?? '',
    seq: row.activity_seq ?? 0,
    is_complete: row.is_complete ?? false,
    completed_at: iso(row.completed_at),
    score: row.score,
    upload: {
      file: row.work_file_key
        ? {
            url: workUrl(redeemId, row.activity_id),
            name: row.work_file_name ?? 'tugas',
            size: row.work_file_size,
            type: row.work_file_type,
          }
        : null,
      member_note: row.work_note,
      uploaded_at: iso(row.work_uploaded_at),
      note: hasFeedback
        ? {
            score: row.feedback_score,
            text: row.feedback_text,
            by: row.feedback_by_name,
            at: iso(row.feedback_at),
          }
        : null,
    },
  };
  return activity;
}

/**
 * `GET /api/program/v1/trainer/member-redeem/detail/{id}`: the redemption with its program's
 * topics (seq order), each with its activities (seq order) and this participant's state in them.
 */
export async function getParticipantDetail(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<ParticipantDetail> {
  const row = await visibleRedeem(db, viewer, id);
  const topics = new Map<string, ParticipantTopic>();
  for (const a of await repo.redeemActivities(db, id, row.program_id)) {
    let topic = topics.get(a.topic_id);
    if (!topic) {
      topic = {
        id: a.topic_id,
        topic_id: a.topic_id,
        name: a.topic_name,
        seq: a.topic_seq,
        activities: [],
      };
      topics.set(a.topic_id, topic);
    }
    // A topic without activities comes back as one row with no activity.
    if (a.activity_id) topic.activities.push(toActivity(id, { ...a, activity_id: a.activity_id }));
  }
  return {
    ...toParticipant(row),
    program: { id: row.program_id, title: row.program_title },
    topics: [...topics.values()],
  };
}

/** `GET /api/program/v1/company/detail-member-redeem/{id}`: Detail Voucher. */
export async function getVoucherDetail(db: Db, viewer: Viewer, id: string): Promise<VoucherDetail> {
  const row = await visibleRedeem(db, viewer, id);
  return { ...toParticipant(row), program: { id: row.program_id, title: row.program_title } };
}

/**
 * `PUT /api/users/v1/trainer/feedback-mr`: the staff response (score, text) on one activity of a
 * participant, only for an activity of the redemption's program under the named topic. A new or
 * changed response is announced (`work.graded`: the participant is notified).
 */
export async function giveFeedback(
  { db, events }: { db: Db; events: DomainEventPublisher },
  viewer: Viewer,
  body: FeedbackBodyParsed,
): Promise<Feedback> {
  const redeem = await repo.redeemProgram(db, body.member_redeem_id);
  if (!redeem) throw AppError.notFound(participantMessages.redeemNotFound);
  await requireProgram(db, viewer, redeem.program_id);
  const activity = await repo.findProgramActivity(db, redeem.program_id, body.activity_id);
  if (!activity || activity.topic_id !== body.topic_id) {
    throw AppError.notFound(participantMessages.activityNotInProgram);
  }
  const stored = await db.transaction(async (tx) => {
    const previous = await repo.findFeedback(tx, redeem.id, activity.id);
    const row = await repo.upsertFeedback(tx, {
      member_redeem_id: redeem.id,
      program_id: redeem.program_id,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      score: body.score,
      text: body.text,
      by: viewer.id,
    });
    await recordLearningEvent(tx, {
      memberId: redeem.member_id,
      programId: redeem.program_id,
      activityId: activity.id,
      kind: 'feedback_given',
      data: { score: body.score, text: body.text },
      actorUserId: viewer.id,
    });
    await recordAuditEvent(tx, {
      actorUserId: viewer.id,
      action: previous ? 'feedback.rewritten' : 'feedback.given',
      subjectType: 'member',
      subjectId: redeem.member_id,
      before: previous ? { score: previous.score, text: previous.text } : null,
      after: { redeem_id: redeem.id, activity_id: activity.id, score: body.score, text: body.text },
    });
    return row;
  });
  // An unchanged response changes nothing, so nobody is told of it again either.
  if (stored) {
    await events.publish('work.graded', {
      programId: redeem.program_id,
      activityId: activity.id,
      activityName: activity.name,
      memberId: redeem.member_id,
      score: body.score,
    });
  }
  return {
    member_redeem_id: redeem.id,
    activity_id: activity.id,
    score: body.score,
    text: body.text,
    at: (
      stored?.feedback_at ??
      (await repo.findFeedbackAt(db, redeem.id, activity.id)) ??
      new Date()
    ).toISOString(),
  };
}

/**
 * The uploaded work of a participant, streamed to staff who may see the participant (the bearer
 * token is required; the file never sits at a public address).
 */
export async function openWork(
  deps: ParticipantDeps,
  viewer: Viewer,
  redeemId: string,
  activityId: string,
): Promise<{ stream: Readable; name: string; size: number; type: string | null }> {
  const redeem = await repo.redeemProgram(deps.db, redeemId);
  if (!redeem) throw AppError.notFound(participantMessages.redeemNotFound);
  await requireProgram(deps.db, viewer, redeem.program_id);
  const work = await repo.findWork(deps.db, redeemId, activityId);
  if (!work?.key) throw AppError.notFound(participantMessages.workNotFound);
  const info = await deps.storage.stat(work.key);
  if (!info) throw AppError.notFound(participantMessages.workNotFound);
  return {
    stream: await deps.storage.createReadStream(work.key),
    name: work.name ?? 'tugas',
    size: info.size,
    type: work.type,
  };
}

/**
 * `DELETE /api/users/v1/company/program/delete/{id}`: removes a participant from a program. Their
 * progress, feedback and quiz attempts go with the redemption; their uploaded files are removed
 * from storage afterwards. The voucher is freed (docs/decisions.md): it reads as not
 * redeemed and its code can be redeemed again, by the same participant or another.
 */
export async function removeParticipant(deps: ParticipantDeps, viewer: Viewer, id: string) {
  const redeem = await repo.redeemProgram(deps.db, id);
  if (!redeem) throw AppError.notFound(participantMessages.redeemNotFound);
  await requireProgram(deps.db, viewer, redeem.program_id);
  const keys = await deps.db.transaction(async (tx) => {
    const workKeys = await repo.workKeysOf(tx, id);
    await repo.releaseVoucher(tx, id);
    if (!(await repo.deleteRedeem(tx, id))) throw AppError.notFound();
    await recordAuditEvent(tx, {
      actorUserId: viewer.id,
      action: 'program.member_removed',
      subjectType: 'member',
      subjectId: redeem.member_id,
      before: { redeem_id: id, program_id: redeem.program_id },
    });
    return workKeys;
  });
  // After the commit: a failed file removal leaves an orphan file, never a dangling row.
  await Promise.allSettled(keys.map((key) => deps.storage.remove(key)));
}

/** A member the viewer may see: a trainer only members of their programs; otherwise 404. */
async function visibleMember(db: DbOrTx, viewer: Viewer, id: string) {
  const row = await repo.findMember(db, id);
  if (!row) throw AppError.notFound();
  if (isProgramScoped(viewer.role) && !(await repo.isMemberOfTrainer(db, id, viewer.id))) {
    throw AppError.notFound();
  }
  return row;
}

/** `GET /api/users/v1/member/detail_by_id/{id}`. */
export async function getMember(db: Db, viewer: Viewer, id: string): Promise<ParticipantMember> {
  const member = toMember(await visibleMember(db, viewer, id));
  // Reading a participant's personal data is audited (docs/decisions.md, 'The audit trail').
  await recordAuditEvent(db, {
    actorUserId: viewer.id,
    action: 'member.viewed',
    subjectType: 'member',
    subjectId: id,
  });
  return member;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface MemberUpdateDeps {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Closes the sockets of sessions that ended (after the change has committed). */
  endSessions: (sessionIds: string[]) => void;
}

/**
 * `PUT /api/users/v1/member/update_by_id/{id}`: name, email (unique among members), birth date
 * and participant code. The phone is read-only (spec 01 §5): sending it back unchanged is fine,
 * a different one is refused.
 *
 * The e-mail is the participant's login: whoever changes it can reset the password and sign in
 * as them. A trainer may not change it (400); an admin may, and then every session of the
 * participant ends, the old address is told, and the change is recorded (docs/decisions.md,
 * 'A participant's login e-mail').
 */
export async function updateMember(
  deps: MemberUpdateDeps,
  viewer: Viewer,
  id: string,
  body: MemberUpdateBodyParsed,
): Promise<ParticipantMember> {
  const { db } = deps;
  const current = await visibleMember(db, viewer, id);
  if (body.phone && body.phone !== (current.phone ?? '')) {
    throw AppError.validation({ phone: participantMessages.phoneReadOnly });
  }
  const emailChanged = body.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged && isProgramScoped(viewer.role)) {
    throw AppError.validation({ email: participantMessages.emailAdminOnly });
  }
  if (await repo.emailTaken(db, body.email, id)) {
    throw AppError.validation({ email: participantMessages.emailTaken });
  }
  const meta = { ...current.meta };
  if (body.meta && body.meta.code !== undefined) {
    if (body.meta.code) meta.code = body.meta.code;
    else delete meta.code;
  }
  try {
    const { row, endedSessions } = await db.transaction(async (tx) => {
      const updated = await repo.updateMember(tx, id, {
        fullname: body.fullname,
        email: body.email,
        date_of_birth: body.date_of_birth,
        // Absent: unchanged (a client that does not know the field keeps it).
        education_level:
          body.education_level === undefined ? current.education_level : body.education_level,
        meta,
      });
      if (!updated) throw AppError.notFound();
      if (body.email === current.email) return { row: updated, endedSessions: [] };
      await recordAuditEvent(tx, {
        actorUserId: viewer.id,
        action: 'member.email_changed',
        subjectType: 'member',
        subjectId: id,
        before: { email: current.email },
        after: { email: body.email },
      });
      return {
        row: updated,
        endedSessions: emailChanged ? await endMemberSessions(tx, id) : [],
      };
    });
    if (emailChanged) {
      deps.endSessions(endedSessions);
      const mail = emailChangedMail({
        to: current.email,
        fullname: current.fullname,
        newEmail: body.email,
      });
      void deps.mailer
        .send(mail)
        .catch((err: unknown) =>
          deps.log.error({ err, memberId: id }, 'email-change notice failed'),
        );
    }
    return toMember(row);
  } catch (error) {
    // Two edits racing to the same email: the unique index decides.
    if (isUniqueViolation(error))
      throw AppError.validation({ email: participantMessages.emailTaken });
    throw error;
  }
}
