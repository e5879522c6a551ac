import { and, asc, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { EducationLevel } from '@ajar/shared/members/members.constants';
import type { ParticipantSortField } from '@ajar/shared/participants/participants.constants';
import type { DbOrTx } from '../../db/client';
import { orderBy, pageWindow, type OrderTerm } from '../../lib/paging';
import {
  activities,
  activityProgress,
  memberRedeems,
  members,
  programs,
  topics,
  users,
  vouchers,
} from '../../db/schema';
import { likePattern } from '../programs/programs.repository';
import { facilitatedBy } from '../access/access.repository';

const redeemColumns = {
  id: memberRedeems.id,
  program_id: memberRedeems.program_id,
  license: memberRedeems.license,
  pmo_code: memberRedeems.pmo_code,
  progress: memberRedeems.progress,
  scores: memberRedeems.scores,
  start_test_at: memberRedeems.start_test_at,
  end_test_at: memberRedeems.end_test_at,
  created_at: memberRedeems.created_at,
  member_id: members.id,
  member_fullname: members.fullname,
  member_phone: members.phone,
  member_email: members.email,
  member_date_of_birth: members.date_of_birth,
  member_education_level: members.education_level,
  member_meta: members.meta,
};

export interface RedeemRow {
  id: string;
  program_id: string;
  license: string;
  pmo_code: string | null;
  progress: number;
  scores: Record<string, unknown>;
  start_test_at: Date | null;
  end_test_at: Date | null;
  created_at: Date;
  member_id: string;
  member_fullname: string;
  member_phone: string | null;
  member_email: string;
  member_date_of_birth: string | null;
  member_education_level: EducationLevel | null;
  member_meta: Record<string, unknown>;
}

export interface ParticipantListFilter {
  programId: string;
  q?: string;
  sort: ParticipantSortField;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** Voucher code, redeem code, name or phone contains the text (case-insensitive). */
function searchCondition(q: string): SQL {
  const pattern = likePattern(q);
  return or(
    sql`lower(${memberRedeems.license}) like ${pattern}`,
    sql`lower(${memberRedeems.pmo_code}) like ${pattern}`,
    sql`lower(${members.fullname}) like ${pattern}`,
    sql`${members.phone} like ${pattern}`,
  )!;
}

/**
 * One page of a program's participants and the total. The page's ids are picked first from
 * `member_redeems` alone, in the order of `member_redeems_program_progress_idx` (program_id,
 * progress, id) or `member_redeems_program_idx` (program_id, created_at), so a deep page walks
 * the index only; members are joined for the page's rows alone. A search needs the member's
 * name and phone, so it joins before picking. The total is one count over the same filter,
 * made first: a page in the second half is picked from the other end (`pageWindow`).
 */
export async function listParticipants(db: DbOrTx, filter: ParticipantListFilter) {
  const terms: OrderTerm[] = [
    {
      column:
        filter.sort === 'results.progress' ? memberRedeems.progress : memberRedeems.created_at,
      dir: filter.dir,
    },
    { column: memberRedeems.id, dir: filter.dir },
  ];
  const where = and(
    eq(memberRedeems.program_id, filter.programId),
    filter.q ? searchCondition(filter.q) : undefined,
  );

  const counted = filter.q
    ? db
        .select({ n: count() })
        .from(memberRedeems)
        .innerJoin(members, eq(members.id, memberRedeems.member_id))
    : db.select({ n: count() }).from(memberRedeems);
  const [counts] = await counted.where(where);
  const total = Number(counts?.n ?? 0);
  const window = pageWindow(filter.page, filter.limit, total);

  const picked = filter.q
    ? db
        .select({ id: memberRedeems.id })
        .from(memberRedeems)
        .innerJoin(members, eq(members.id, memberRedeems.member_id))
    : db.select({ id: memberRedeems.id }).from(memberRedeems);
  const pageIds = picked
    .where(where)
    .orderBy(...orderBy(terms, window.reversed))
    .limit(window.limit)
    .offset(window.offset)
    .as('page_ids');

  const rows = await db
    .select(redeemColumns)
    .from(pageIds)
    .innerJoin(memberRedeems, eq(memberRedeems.id, pageIds.id))
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .orderBy(...orderBy(terms));
  return { rows: rows as RedeemRow[], total };
}

/** One redemption with its member and program title. */
export async function findRedeem(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...redeemColumns, program_title: programs.title })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(eq(memberRedeems.id, id));
  return row as (RedeemRow & { program_title: string }) | undefined;
}

/** Where a redemption belongs, without its member: enough for access checks. */
export async function redeemProgram(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: memberRedeems.id,
      program_id: memberRedeems.program_id,
      member_id: memberRedeems.member_id,
    })
    .from(memberRedeems)
    .where(eq(memberRedeems.id, id));
  return row;
}

/**
 * The program's published topics and activities in seq order (and unpublished ones the member
 * has progress in), each activity with this redemption's
 * progress row (if any) and the name of the staff user who gave the feedback.
 */
export async function redeemActivities(db: DbOrTx, redeemId: string, programId: string) {
  return db
    .select({
      topic_id: topics.id,
      topic_name: topics.name,
      topic_seq: topics.seq,
      activity_id: activities.id,
      activity_name: activities.name,
      activity_type: activities.type,
      activity_seq: activities.seq,
      is_complete: activityProgress.is_complete,
      completed_at: activityProgress.completed_at,
      score: activityProgress.score,
      work_file_key: activityProgress.work_file_key,
      work_file_name: activityProgress.work_file_name,
      work_file_size: activityProgress.work_file_size,
      work_file_type: activityProgress.work_file_type,
      work_note: activityProgress.work_note,
      work_uploaded_at: activityProgress.work_uploaded_at,
      feedback_score: activityProgress.feedback_score,
      feedback_text: activityProgress.feedback_text,
      feedback_at: activityProgress.feedback_at,
      feedback_by_name: users.fullname,
    })
    .from(topics)
    .leftJoin(activities, eq(activities.topic_id, topics.id))
    .leftJoin(
      activityProgress,
      and(
        eq(activityProgress.activity_id, activities.id),
        eq(activityProgress.member_redeem_id, redeemId),
      ),
    )
    .leftJoin(users, eq(users.id, activityProgress.feedback_by))
    .where(
      and(
        eq(topics.program_id, programId),
        // What the member sees (published topics and activities), plus anything they have
        // already worked on even if it was unpublished since.
        or(
          and(
            eq(topics.status, 'publish'),
            or(isNull(activities.id), eq(activities.status, 'publish')),
          ),
          isNotNull(activityProgress.id),
        ),
      ),
    )
    .orderBy(asc(topics.seq), asc(topics.id), asc(activities.seq), asc(activities.id));
}

/** The activity with its topic, if it belongs to the program. */
export async function findProgramActivity(db: DbOrTx, programId: string, activityId: string) {
  const [row] = await db
    .select({ id: activities.id, name: activities.name, topic_id: activities.topic_id })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.program_id, programId)));
  return row;
}

/** Stores staff feedback on one activity of a redemption (creates the progress row if none). */
export async function upsertFeedback(
  db: DbOrTx,
  values: {
    member_redeem_id: string;
    program_id: string;
    topic_id: string;
    activity_id: string;
    score: number;
    text: string;
    by: string;
  },
) {
  const now = new Date();
  const [row] = await db
    .insert(activityProgress)
    .values({
      member_redeem_id: values.member_redeem_id,
      program_id: values.program_id,
      topic_id: values.topic_id,
      activity_id: values.activity_id,
      feedback_score: values.score,
      feedback_text: values.text,
      feedback_by: values.by,
      feedback_at: now,
    })
    .onConflictDoUpdate({
      target: [activityProgress.member_redeem_id, activityProgress.activity_id],
      set: {
        feedback_score: values.score,
        feedback_text: values.text,
        feedback_by: values.by,
        feedback_at: now,
        updated_at: now,
      },
      // The same score and text again is no new response: the first grader and time stay.
      setWhere: or(
        sql`${activityProgress.feedback_score} is distinct from ${values.score}`,
        sql`${activityProgress.feedback_text} is distinct from ${values.text}`,
      ),
    })
    .returning({ feedback_at: activityProgress.feedback_at });
  /** null: nothing changed (the stored response equals the one sent). */
  return row ?? null;
}

/** When the stored response on one activity of a redemption was given, or null. */
/** The stored feedback of one activity of a redemption (the audit trail's `before`). */
export async function findFeedback(db: DbOrTx, redeemId: string, activityId: string) {
  const [row] = await db
    .select({
      score: activityProgress.feedback_score,
      text: activityProgress.feedback_text,
      at: activityProgress.feedback_at,
    })
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        eq(activityProgress.activity_id, activityId),
      ),
    );
  return row?.at ? row : null;
}

export async function findFeedbackAt(db: DbOrTx, redeemId: string, activityId: string) {
  const [row] = await db
    .select({ at: activityProgress.feedback_at })
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        eq(activityProgress.activity_id, activityId),
      ),
    );
  return row?.at ?? null;
}

/** The uploaded work of one activity of a redemption. */
export async function findWork(db: DbOrTx, redeemId: string, activityId: string) {
  const [row] = await db
    .select({
      key: activityProgress.work_file_key,
      name: activityProgress.work_file_name,
      size: activityProgress.work_file_size,
      type: activityProgress.work_file_type,
    })
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        eq(activityProgress.activity_id, activityId),
      ),
    );
  return row;
}

/** Storage keys of a redemption's uploaded work (removed with the redemption). */
export async function workKeysOf(db: DbOrTx, redeemId: string) {
  const rows = await db
    .select({ key: activityProgress.work_file_key })
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        isNotNull(activityProgress.work_file_key),
      ),
    );
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Deletes a redemption; progress and quiz attempts go with it (FK cascade). */
/** Makes the voucher of a redemption available again: unclaimed and not redeemed. */
export async function releaseVoucher(db: DbOrTx, redeemId: string) {
  await db
    .update(vouchers)
    .set({ member_redeem_id: null, redeemed_at: null, updated_at: new Date() })
    .where(eq(vouchers.member_redeem_id, redeemId));
}

export async function deleteRedeem(db: DbOrTx, id: string) {
  const rows = await db
    .delete(memberRedeems)
    .where(eq(memberRedeems.id, id))
    .returning({ id: memberRedeems.id });
  return rows.length > 0;
}

const memberColumns = {
  id: members.id,
  fullname: members.fullname,
  email: members.email,
  phone: members.phone,
  date_of_birth: members.date_of_birth,
  education_level: members.education_level,
  meta: members.meta,
};

export type MemberRow = {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  date_of_birth: string | null;
  education_level: EducationLevel | null;
  meta: Record<string, unknown>;
};

export async function findMember(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(members).where(eq(members.id, id));
  return row;
}

/** Whether the member redeemed one of the programs the trainer is assigned to. */
export async function isMemberOfTrainer(db: DbOrTx, memberId: string, trainerId: string) {
  const [row] = await db
    .select({ id: memberRedeems.id })
    .from(memberRedeems)
    .where(
      and(
        eq(memberRedeems.member_id, memberId),
        facilitatedBy(memberRedeems.program_id, trainerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Another member already uses this email (case-insensitive, like the unique index). */
export async function emailTaken(db: DbOrTx, email: string, exceptId: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email.toLowerCase()}`, ne(members.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateMember(
  db: DbOrTx,
  id: string,
  values: Pick<MemberRow, 'fullname' | 'email' | 'date_of_birth' | 'education_level' | 'meta'>,
) {
  const [row] = await db
    .update(members)
    .set({ ...values, updated_at: new Date() })
    .where(eq(members.id, id))
    .returning(memberColumns);
  return row;
}
