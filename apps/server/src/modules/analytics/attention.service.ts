import { attentionLimits } from '@ajar/shared/analytics/attention.constants';
import { dueActivityIds } from '@ajar/shared/analytics/attention.rules';
import type {
  AttentionList,
  AttentionQueryParsed,
  AttentionRemindBody,
  AttentionRemindReply,
  AttentionRow,
} from '@ajar/shared/analytics/attention.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireProgram, type Viewer } from '../access/access.service';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { recordAuditEvent } from '../records/audit-trail.service';
import * as repo from './attention.repository';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * What flags a participant of the program now: `days` without activity, the activities due by
 * their schedule or the program's end (decided by the shared rules from the program's outline).
 */
export async function attentionFilter(
  db: DbOrTx,
  programId: string,
  days: number,
  now = new Date(),
): Promise<repo.AttentionFilter & { programTitle: string }> {
  const outline = await repo.programOutline(db, programId);
  if (!outline.program) throw AppError.notFound();
  return {
    programId,
    programTitle: outline.program.title,
    inactiveBefore: new Date(now.getTime() - days * dayMs),
    dueActivityIds: dueActivityIds(outline.activities, outline.program.end_test_at, now),
  };
}

/** A row as the API answers it, its reasons worked out from what the SQL found. */
export function toAttentionRow(
  r: repo.AttentionRowDb,
  filter: repo.AttentionFilter,
  now: Date,
): AttentionRow {
  const since = r.last_activity_at ?? r.joined_at;
  const inactive = since < filter.inactiveBefore;
  return {
    redeem_id: r.redeem_id,
    member_id: r.member_id,
    fullname: r.fullname,
    email: r.email,
    phone: r.phone,
    progress: r.progress,
    joined_at: r.joined_at.toISOString(),
    last_activity_at: r.last_activity_at?.toISOString() ?? null,
    reasons: {
      inactive_days: inactive ? Math.floor((now.getTime() - since.getTime()) / dayMs) : null,
      never_active: r.last_activity_at === null,
      behind: r.behind,
      quiz_failed: r.quiz_failed,
    },
    last_reminded_at: r.last_reminded_at?.toISOString() ?? null,
  };
}

/**
 * `GET /api/analytics/v1/program/{programId}/attention`: the program's participants who need a
 * nudge, longest without activity first. A program the viewer may not see is 404.
 */
export async function listAttention(
  db: Db,
  viewer: Viewer,
  programId: string,
  query: AttentionQueryParsed,
): Promise<AttentionList> {
  await requireProgram(db, viewer, programId);
  const now = new Date();
  const filter = await attentionFilter(db, programId, query.days, now);
  const { rows, total } = await repo.attentionPage(db, filter, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    program: { id: programId, title: filter.programTitle },
    days: query.days,
    list: rows.map((r) => toAttentionRow(r, filter, now)),
    page: query.page,
    limit: query.limit,
    total,
  };
}

/**
 * `POST …/attention/remind` ('Kirim pengingat'): each named participant's reminder is recorded
 * in the audit trail as `member.reminded` with the program, then announced (`attention.reminded`:
 * the notifications module sends the in-app notification and the Web Push). A participant
 * reminded about the program within `attentionLimits.quietMinutes` is skipped, so a double click or
 * two staff members at once send it once. A redemption of another program is 404.
 */
export async function remindParticipants(
  deps: { db: Db; events: DomainEventPublisher },
  viewer: Viewer,
  programId: string,
  body: AttentionRemindBody,
): Promise<AttentionRemindReply> {
  await requireProgram(deps.db, viewer, programId);
  const wanted = [...new Set(body.redeem_ids)];
  const redeems = await repo.redeemsToRemind(deps.db, programId, wanted);
  if (redeems.length !== wanted.length) throw AppError.notFound();
  const outline = await repo.programOutline(deps.db, programId);
  const title = outline.program?.title ?? '';
  const now = new Date();
  const quietSince = now.getTime() - attentionLimits.quietMinutes * 60_000;
  let sent = 0;
  let skipped = 0;
  // One member at a time: a page is at most 100, and each entry is its own small write, so a
  // failed notification of one leaves the others sent and recorded.
  for (const redeem of redeems) {
    if (redeem.last_reminded_at && redeem.last_reminded_at.getTime() > quietSince) {
      skipped += 1;
      continue;
    }
    await recordAuditEvent(deps.db, {
      actorUserId: viewer.id,
      action: repo.reminderAction,
      subjectType: 'member',
      subjectId: redeem.member_id,
      after: { program_id: programId, redeem_id: redeem.id },
    });
    await deps.events.publish('attention.reminded', {
      programId,
      programTitle: title,
      memberId: redeem.member_id,
    });
    sent += 1;
  }
  return { sent, skipped, reminded_at: now.toISOString() };
}
