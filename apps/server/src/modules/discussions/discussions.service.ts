import type { FastifyBaseLogger } from 'fastify';
import type { Paged } from '@ajar/shared/common/envelope';
import { isProgramScoped, type RoleKey } from '@ajar/shared/common/roles';
import {
  discussionMessages,
  publicDiscussionSetting,
} from '@ajar/shared/discussions/discussions.constants';
import type {
  DiscussionActivity,
  DiscussionMessage,
  DiscussionProgram,
  DiscussionProgramDetail,
  DiscussionTopic,
} from '@ajar/shared/discussions/discussions.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import type { Realtime } from '../../plugins/realtime';
import { assertUnlocked } from '../members/activity-states.service';
import { findMyProgram } from '../members/redeem.service';
import { assignedScope, requireProgram, type Viewer } from '../access/access.service';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { announceNewMessage } from './discussion-announcer';
import * as repo from './discussions.repository';
import * as memberRepo from './member-discussions.repository';

/** What writing in a thread needs: the live announcements and the events others react to. */
export interface DiscussionWriteDeps {
  db: Db;
  realtime: Realtime;
  log: Pick<FastifyBaseLogger, 'error'>;
  events: DomainEventPublisher;
}

/** Who writes a message: a staff user or a member, with the name shown beside it. */
export type Author =
  | { kind: 'staff'; userId: string; name: string; role: RoleKey }
  | { kind: 'member'; memberId: string; name: string };

/** `GET /api/discussion/v1/list-program`: visible programs with the viewer's unread count. */
export async function listPrograms(
  db: Db,
  viewer: Viewer,
  query: {
    page: number;
    limit: number;
    q?: string;
    sort: repo.ProgramListFilter['sort'];
    sort_type: 'asc' | 'desc';
  },
): Promise<Paged<DiscussionProgram>> {
  const { rows, total } = await repo.listPrograms(db, {
    userId: viewer.id,
    assignedUserId: assignedScope(viewer),
    q: query.q,
    sort: query.sort,
    sortType: query.sort_type,
    page: query.page,
    limit: query.limit,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      studies:
        r.study_id && r.study_title !== null ? { id: r.study_id, title: r.study_title } : null,
      total_unread: Number(r.total_unread),
      created_at: r.created_at.toISOString(),
    })),
    limit: query.limit,
    page: query.page,
    total,
  };
}

/** `GET /api/discussion/v1/detail-program/{id}` (`data.name` is the title). */
export async function getProgram(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<DiscussionProgramDetail> {
  await requireProgram(db, viewer, id);
  const row = await repo.findProgram(db, viewer.id, id);
  if (!row) throw AppError.notFound();
  return { id: row.id, name: row.title, title: row.title, total_unread: Number(row.total_unread) };
}

/**
 * `GET /api/discussion/v1/list-topic`: a program's topics with their unread counts, each with the
 * activities that have a public thread. Two queries whatever the number of topics.
 */
export async function listTopics(
  db: Db,
  viewer: Viewer,
  query: {
    program_id: string;
    q?: string;
    sort: repo.TopicListFilter['sort'];
    sort_type: 'asc' | 'desc';
    page: number;
    limit: number;
  },
): Promise<Paged<DiscussionTopic>> {
  await requireProgram(db, viewer, query.program_id);
  const { rows, total } = await repo.listTopics(db, {
    userId: viewer.id,
    programId: query.program_id,
    q: query.q,
    sort: query.sort,
    sortType: query.sort_type,
    page: query.page,
    limit: query.limit,
  });
  const byTopic = new Map<string, DiscussionActivity[]>();
  const activityRows = await repo.discussionActivitiesOf(
    db,
    viewer.id,
    rows.map((r) => r.id),
  );
  for (const a of activityRows) {
    const list = byTopic.get(a.topic_id) ?? [];
    list.push({
      id: a.id,
      activity_id: a.id,
      topic_id: a.topic_id,
      program_id: a.program_id,
      seq: a.seq,
      name: a.name,
      type: a.type,
      is_show_discussion: Number(a.is_show_discussion),
      total_unread: Number(a.total_unread),
      total_messages: Number(a.total_messages),
    });
    byTopic.set(a.topic_id, list);
  }
  return {
    list: rows.map((t) => ({
      id: t.id,
      topic_id: t.id,
      program_id: t.program_id,
      name: t.name,
      seq: t.seq,
      total_unread: Number(t.total_unread),
      activities: byTopic.get(t.id) ?? [],
    })),
    limit: query.limit,
    page: query.page,
    total,
  };
}

/** The activity, checked to sit in the given program (and topic when given); 404 otherwise. */
async function activityIn(
  db: DbOrTx,
  ids: { program_id: string; topic_id?: string; activity_id: string },
) {
  const activity = await repo.findActivity(db, ids.activity_id);
  if (
    !activity ||
    activity.program_id !== ids.program_id ||
    (ids.topic_id !== undefined && activity.topic_id !== ids.topic_id)
  ) {
    throw AppError.notFound(discussionMessages.activityNotInTopic);
  }
  return activity;
}

/** What a message needs to be shown: a thread's row or a message just written. */
type MessageFields = Pick<
  memberRepo.ThreadRow,
  | 'id'
  | 'parent_id'
  | 'program_id'
  | 'topic_id'
  | 'activity_id'
  | 'content'
  | 'author_name'
  | 'author_kind'
  | 'author_role'
  | 'user_id'
  | 'created_at'
  | 'total_child'
>;

function toMessage(row: MessageFields, viewer: { userId?: string }): DiscussionMessage {
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
    is_mine: viewer.userId !== undefined && row.user_id === viewer.userId,
    created_at: row.created_at.toISOString(),
    total_child: Number(row.total_child),
  };
}

/**
 * `GET /api/discussion/v1/list`: a page of an activity's posts with all their replies, as a flat
 * list (the screen builds the tree by parent_id), each post followed by its replies, oldest
 * first; `total` counts posts. Opening the thread marks it read for this staff user only.
 */
export async function listMessages(
  db: Db,
  viewer: Viewer,
  query: {
    program_id: string;
    topic_id: string;
    activity_id: string;
    sort_type: 'asc' | 'desc';
    page: number;
    limit: number;
  },
): Promise<Paged<DiscussionMessage>> {
  await requireProgram(db, viewer, query.program_id);
  await activityIn(db, query);
  const page = await threadPage(db, query.activity_id, query, { userId: viewer.id });
  await repo.markRead(db, viewer.id, query.activity_id);
  return page;
}

/**
 * A page of a thread's posts with all their replies, flat: each post followed by its replies,
 * oldest first; `total` counts posts (a thread grows with the participants: never all at once).
 */
async function threadPage(
  db: Db,
  activityId: string,
  query: { page: number; limit: number; sort_type: 'asc' | 'desc' },
  viewer: { userId?: string },
): Promise<Paged<DiscussionMessage>> {
  const { roots, total } = await memberRepo.pagePosts(db, {
    activityId,
    page: query.page,
    limit: query.limit,
    order: query.sort_type,
  });
  const rows = await memberRepo.messagesOfPosts(
    db,
    roots.map((r) => r.root_id),
  );
  const order = new Map(roots.map((root, i) => [root.root_id, i]));
  // Rows come oldest first; a stable sort by post keeps each post before its replies.
  const list = rows
    .toSorted((a, b) => (order.get(a.root_id) ?? 0) - (order.get(b.root_id) ?? 0))
    .map((r) => toMessage(r, viewer));
  return { list, limit: query.limit, page: query.page, total };
}

/** A reply's parent must be a message of the same activity. */
async function assertParent(db: DbOrTx, parentId: string | null, activityId: string) {
  if (parentId === null) return;
  const parent = await repo.findMessage(db, parentId);
  if (!parent || parent.activity_id !== activityId) {
    throw AppError.validation({ parent_id: discussionMessages.parentOtherActivity });
  }
}

async function insert(
  db: Db,
  author: Author,
  target: { program_id: string; topic_id: string; activity_id: string },
  body: { parent_id: string | null; content: string },
): Promise<DiscussionMessage> {
  await assertParent(db, body.parent_id, target.activity_id);
  const row = await repo.insertMessage(db, {
    ...target,
    parent_id: body.parent_id,
    author_kind: author.kind,
    member_id: author.kind === 'member' ? author.memberId : null,
    user_id: author.kind === 'staff' ? author.userId : null,
    author_name: author.name,
    content: body.content,
  });
  return toMessage(
    { ...row, author_role: author.kind === 'staff' ? author.role : null, total_child: 0 },
    { userId: author.kind === 'staff' ? author.userId : undefined },
  );
}

/**
 * A new post or reply in a Public thread reaches the program's members live
 * (`discussion.unread_changed`, gathered per thread: `announceNewMessage`); a thread members
 * cannot see tells no one.
 */
function announceToMembers(
  deps: Omit<DiscussionWriteDeps, 'events'>,
  activity: { program_id: string; id: string; is_show_discussion: unknown },
  writerMemberId?: string,
): void {
  if (Number(activity.is_show_discussion) !== publicDiscussionSetting) return;
  announceNewMessage(deps, activity.program_id, activity.id, writerMemberId);
}

/**
 * `POST /api/discussion/v1/create` as staff: in any activity of a program the user may see
 * (staff moderate and answer even where the setting was switched off later).
 */
export async function createAsStaff(
  deps: DiscussionWriteDeps,
  user: Viewer & Pick<RequestUser, 'fullname'>,
  body: {
    parent_id: string | null;
    program_id: string;
    topic_id: string;
    activity_id: string;
    content: string;
  },
): Promise<DiscussionMessage> {
  const { db } = deps;
  await requireProgram(db, user, body.program_id);
  const activity = await activityIn(db, body);
  const message = await insert(
    db,
    { kind: 'staff', userId: user.id, name: user.fullname, role: user.role },
    body,
    body,
  );
  // The writer has seen the thread up to their own message.
  await repo.markRead(db, user.id, body.activity_id);
  // A reply in a member's thread is news for that member.
  const parent = body.parent_id ? await repo.findMessage(db, body.parent_id) : undefined;
  if (parent?.author_kind === 'member' && parent.member_id) {
    await deps.events.publish('discussion.replied', {
      programId: body.program_id,
      activityId: body.activity_id,
      activityName: activity.name,
      memberId: parent.member_id,
      html: body.content,
    });
  }
  announceToMembers(deps, { ...activity, program_id: body.program_id, id: body.activity_id });
  return message;
}

/**
 * `DELETE /api/discussion/v1/delete/{id}`: one's own message, or any message for admins; a
 * message with replies stays (spec 01 §8).
 */
export async function deleteMessage(db: Db, user: Viewer, id: string) {
  const message = await repo.findMessage(db, id);
  if (!message) throw AppError.notFound();
  await requireProgram(db, user, message.program_id);
  if (isProgramScoped(user.role) && message.user_id !== user.id) {
    throw AppError.forbidden(discussionMessages.notOwner);
  }
  if (!(await repo.deleteLeafMessage(db, id))) {
    throw AppError.badRequest(discussionMessages.hasReplies);
  }
}

/** A member's view of an activity's thread: the activity must have its discussion set to Public. */
async function assertPublicThread(db: DbOrTx, programId: string, activityId: string) {
  const activity = await activityIn(db, { program_id: programId, activity_id: activityId });
  if (activity.status !== 'publish' || activity.topic_status !== 'publish') {
    throw AppError.notFound(discussionMessages.activityNotInTopic);
  }
  if (Number(activity.is_show_discussion) !== publicDiscussionSetting) {
    throw AppError.badRequest(discussionMessages.notAvailable);
  }
  return activity;
}

/**
 * A member's way into an activity's thread, to read or to write: the program redeemed (404), the
 * discussion set to Public (400), and the activity open to them: a thread belongs to its activity,
 * so while the activity is locked (schedule, an earlier activity required) the thread answers the
 * same 403 with the reason (members/activity-states.service.ts, the one lock rule).
 */
export async function openMemberThread(
  db: Db,
  member: { id: string },
  programId: string,
  activityId: string,
) {
  const redeem = await findMyProgram(db, member, programId);
  const activity = await assertPublicThread(db, programId, activityId);
  await assertUnlocked(db, redeem.id, activity);
  return activity;
}

/** The thread as a member sees it (no read marking: unread is a staff notion). */
export async function listForMember(
  db: Db,
  programId: string,
  activityId: string,
  member: { id: string },
  query: { page: number; limit: number },
): Promise<Paged<DiscussionMessage>> {
  await openMemberThread(db, member, programId, activityId);
  return threadPage(db, activityId, { ...query, sort_type: 'asc' }, {});
}

/** A member's post or reply in a Public thread of a program they redeemed. */
export async function createAsMember(
  deps: DiscussionWriteDeps,
  member: { id: string; fullname: string },
  programId: string,
  activityId: string,
  body: { parent_id: string | null; content: string },
): Promise<DiscussionMessage> {
  const { db } = deps;
  const activity = await openMemberThread(db, member, programId, activityId);
  const message = await insert(
    db,
    { kind: 'member', memberId: member.id, name: member.fullname },
    { program_id: programId, topic_id: activity.topic_id, activity_id: activityId },
    body,
  );
  await deps.events.publish('discussion.member_posted', {
    programId,
    topicId: activity.topic_id,
    activityId,
    memberId: member.id,
  });
  announceToMembers(deps, { ...activity, program_id: programId, id: activityId }, member.id);
  return message;
}
