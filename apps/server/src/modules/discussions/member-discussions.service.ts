import { discussionMessages } from '@ajar/shared/discussions/discussions.constants';
import type {
  MemberDiscussionMessage,
  MemberDiscussionPost,
  MemberDiscussionUnread,
  MemberThread,
  MemberThreadQuery,
} from '@ajar/shared/discussions/member-discussions.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findMyProgram } from '../members/redeem.service';
import * as repo from './discussions.repository';
import { openMemberThread } from './discussions.service';
import * as memberRepo from './member-discussions.repository';

/** The participant's side of the public thread (Ajar Belajar). */

type Member = { id: string };

function toMessage(row: memberRepo.ThreadRow, memberId: string): MemberDiscussionMessage {
  return {
    id: row.id,
    parent_id: row.parent_id,
    program_id: row.program_id,
    topic_id: row.topic_id,
    activity_id: row.activity_id,
    content: row.content,
    author_name: row.author_name,
    author_kind: row.author_kind,
    author_role: row.author_kind === 'staff' ? row.author_role : null,
    is_mine: row.member_id === memberId,
    // An insert writes both stamps with one now(); only an edit moves updated_at on.
    edited: row.updated_at.getTime() > row.created_at.getTime(),
    created_at: row.created_at.toISOString(),
    total_child: row.total_child,
  };
}

/** `GET …/discussion/thread`: a page of posts, newest activity first, each with its replies. */
export async function memberThread(
  db: Db,
  member: Member,
  programId: string,
  activityId: string,
  query: MemberThreadQuery,
): Promise<MemberThread> {
  await openMemberThread(db, member, programId, activityId);
  const { roots, total } = await memberRepo.pagePosts(db, { activityId, ...query });
  const rows = await memberRepo.messagesOfPosts(
    db,
    roots.map((r) => r.root_id),
  );
  const posts = new Map<string, MemberDiscussionPost>();
  for (const root of roots) {
    const row = rows.find((r) => r.id === root.root_id);
    if (!row) continue;
    posts.set(root.root_id, {
      ...toMessage(row, member.id),
      replies: [],
      last_activity_at: root.last_at.toISOString(),
    });
  }
  for (const row of rows) {
    if (row.id === row.root_id) continue;
    posts.get(row.root_id)?.replies.push(toMessage(row, member.id));
  }
  return { list: [...posts.values()], page: query.page, limit: query.limit, total };
}

/** One's own message of this thread; anyone else's (or another thread's) is 404. */
async function ownMessage(
  db: Db,
  member: Member,
  ids: { programId: string; activityId: string; messageId: string },
) {
  await openMemberThread(db, member, ids.programId, ids.activityId);
  const message = await memberRepo.findMemberMessage(db, ids.messageId);
  if (!message || message.activity_id !== ids.activityId || message.member_id !== member.id) {
    throw AppError.notFound();
  }
  return message;
}

/** `PUT …/discussion/{messageId}`: the participant changes the text of their own message. */
export async function updateOwn(
  db: Db,
  member: Member,
  ids: { programId: string; activityId: string; messageId: string },
  content: string,
): Promise<void> {
  const message = await ownMessage(db, member, ids);
  await memberRepo.updateContent(db, message.id, content);
}

/** `DELETE …/discussion/{messageId}`: one's own message, unless it has replies (spec 01 §8). */
export async function deleteOwn(
  db: Db,
  member: Member,
  ids: { programId: string; activityId: string; messageId: string },
): Promise<void> {
  const message = await ownMessage(db, member, ids);
  if (!(await repo.deleteLeafMessage(db, message.id))) {
    throw AppError.badRequest(discussionMessages.hasReplies);
  }
}

/** `PUT …/discussion/read`: the participant has read the thread up to now. */
export async function readThread(
  db: Db,
  member: Member,
  programId: string,
  activityId: string,
): Promise<void> {
  await openMemberThread(db, member, programId, activityId);
  await memberRepo.markMemberRead(db, member.id, activityId);
}

/** `GET /api/member/v1/program/{programId}/discussion/unread`. */
export async function unreadCounts(
  db: Db,
  member: Member,
  programId: string,
): Promise<MemberDiscussionUnread> {
  await findMyProgram(db, member, programId);
  const activities = await memberRepo.memberUnread(db, member.id, programId);
  return {
    total_unread: activities.reduce((sum, a) => sum + a.total_unread, 0),
    activities,
  };
}
