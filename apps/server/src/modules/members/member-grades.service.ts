import type { MemberGrade, MemberGradesData } from '@ajar/shared/members/member-grades.schemas';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';
import type { Db } from '../../db/client';
import { readSettings } from './activity-progress.service';
import { gradesOfRedeem, workActivityType } from './member-grades.repository';
import { attemptsLeftFor } from './quiz-attempts.service';
import { findMyProgram, type MemberRef } from './redeem.service';

type GradeRow = Awaited<ReturnType<typeof gradesOfRedeem>>[number];

function toGrade(row: GradeRow): MemberGrade {
  const feedback =
    row.feedback_at === null
      ? null
      : { score: row.feedback_score, text: row.feedback_text, at: row.feedback_at.toISOString() };
  const base = {
    activity_id: row.activity_id,
    topic_id: row.topic_id,
    topic_name: row.topic_name,
    name: row.name,
    type: row.type,
    feedback,
  };
  if (row.type === workActivityType) {
    return {
      ...base,
      kind: 'work',
      score: row.feedback_score,
      score_hidden: false,
      passed: null,
      minimum: null,
      attempts: null,
      uploaded_at: row.work_uploaded_at?.toISOString() ?? null,
    };
  }
  const settings = readSettings(row.settings);
  const hidden = settings.is_show_score !== 1;
  const used = row.used ?? 0;
  // Allowed in all: the attempts left before the first one ('Kesempatan mengulang' + 1).
  const allowed = attemptsLeftFor(settings, 0);
  return {
    ...base,
    kind: 'quiz',
    score: hidden || row.best === null ? null : Number(row.best),
    score_hidden: hidden,
    passed: used > 0 ? (row.passed ?? false) : null,
    minimum: activityMinimum(settings.set_minimum_value),
    attempts: { used, allowed },
    uploaded_at: null,
  };
}

/**
 * 'Nilai' of one of the member's programs: every published quiz-type and practice-work activity
 * with the best score (unless the activity hides it), attempts used and allowed, and the
 * trainer's feedback. 404 when the member has not redeemed the program.
 */
export async function getMyGrades(
  db: Db,
  member: MemberRef,
  programId: string,
): Promise<MemberGradesData> {
  const redeem = await findMyProgram(db, member, programId);
  const rows = await gradesOfRedeem(db, redeem.id, programId);
  return {
    program: { id: redeem.program_id, title: redeem.program_title },
    grades: rows.map(toGrade),
  };
}
