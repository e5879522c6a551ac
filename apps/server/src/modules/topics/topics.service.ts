import { contentMissing } from '@ajar/shared/members/completion.rules';
import type { Paged } from '@ajar/shared/common/envelope';
import { clampPosition, moveItem, topicMessages } from '@ajar/shared/topics/topics.constants';
import type {
  Topic,
  TopicActivity,
  TopicListItem,
  TopicListQueryParsed,
} from '@ajar/shared/topics/topics.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lockProgram } from '../programs/programs.repository';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './topics.repository';

function toTopic(row: repo.TopicRow): Topic {
  return {
    id: row.id,
    topic_id: row.id,
    program_id: row.program_id,
    name: row.name,
    seq: row.seq,
    status: row.status,
    total_unread: Number(row.total_unread),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toActivity(
  row: Awaited<ReturnType<typeof repo.activitiesOfTopics>>[number],
): TopicActivity {
  const minutes = row.estimated_duration === null ? NaN : Number(row.estimated_duration);
  return {
    id: row.id,
    activity_id: row.id,
    topic_id: row.topic_id,
    program_id: row.program_id,
    name: row.name,
    title: row.name,
    type: row.type,
    activity_type: row.type,
    seq: row.seq,
    status: row.status,
    settings: { estimated_duration: Number.isFinite(minutes) ? minutes : null },
    content_missing: contentMissing(row.type, row.content_parts),
    total_unread: Number(row.total_unread),
  };
}

/**
 * `GET /api/topic/v1/list`: a program's topics; with `with_activities` each carries its
 * activities. Topics and activities take two queries whatever the number of topics.
 */
export async function listTopics(
  db: Db,
  viewer: Viewer,
  query: TopicListQueryParsed,
): Promise<Paged<TopicListItem>> {
  await requireProgram(db, viewer, query.program_id);
  const { rows, total } = await repo.listTopics(db, {
    viewerId: viewer.id,
    programId: query.program_id,
    q: query.q,
    sort: query.sort,
    sortType: query.sort_type,
    page: query.page,
    limit: query.limit,
  });
  let list: TopicListItem[] = rows.map(toTopic);
  if (query.with_activities) {
    const byTopic = new Map<string, TopicActivity[]>();
    for (const row of await repo.activitiesOfTopics(
      db,
      viewer.id,
      rows.map((r) => r.id),
    )) {
      const items = byTopic.get(row.topic_id) ?? [];
      items.push(toActivity(row));
      byTopic.set(row.topic_id, items);
    }
    list = list.map((t) => ({ ...t, activities: byTopic.get(t.id) ?? [] }));
  }
  return { list, limit: query.limit, page: query.page, total };
}

/** A topic the viewer may see (trainers: of an assigned program), or 404. */
export async function getTopic(db: Db, viewer: Viewer, id: string): Promise<Topic> {
  const row = await repo.findTopic(db, id, viewer.id);
  if (!row) throw AppError.notFound();
  await requireProgram(db, viewer, row.program_id);
  return toTopic(row);
}

/** Appends a topic at the end of its program (seq n+1), under the program lock. */
export async function createTopic(
  db: Db,
  body: { name: string; status: 'draft' | 'publish'; program_id: string },
) {
  return db.transaction(async (tx) => {
    if (!(await lockProgram(tx, body.program_id))) {
      throw AppError.notFound(topicMessages.programNotFound);
    }
    const row = await repo.insertTopic(tx, body);
    return { id: row.id, topic_id: row.id, seq: row.seq };
  });
}

export async function updateTopic(
  db: Db,
  id: string,
  body: { name: string; status: 'draft' | 'publish'; program_id?: string },
): Promise<Topic> {
  const row = await repo.findTopic(db, id, null);
  if (!row) throw AppError.notFound();
  if (body.program_id && body.program_id !== row.program_id) {
    throw AppError.validation({ program_id: topicMessages.otherProgram });
  }
  await repo.updateTopic(db, id, { name: body.name, status: body.status });
  return toTopic({ ...row, name: body.name, status: body.status, updated_at: new Date() });
}

/** Deletes a topic (and its activities) and closes the gap in seq, under the program lock. */
export async function deleteTopic(db: Db, id: string) {
  const row = await repo.findTopic(db, id, null);
  if (!row) throw AppError.notFound();
  await db.transaction(async (tx) => {
    await lockProgram(tx, row.program_id);
    const deleted = await repo.deleteTopic(tx, id);
    if (!deleted) throw AppError.notFound();
    await repo.shiftTopicsAfter(tx, deleted.program_id, deleted.seq);
  });
}

/**
 * Moves a topic to position `to` (clamped to 1..n); the others shift. The program row is locked
 * (`select … for update`) so concurrent reorders, creates and deletes run one after another, and
 * the whole order is rewritten from its current sequence, so seq is always 1..n afterwards.
 */
export async function reorderTopic(
  db: Db,
  body: { program_id: string; topic_id: string; to: number },
) {
  return db.transaction(async (tx) => {
    if (!(await lockProgram(tx, body.program_id))) throw AppError.notFound();
    const order = await repo.topicOrder(tx, body.program_id);
    const from = order.findIndex((t) => t.id === body.topic_id);
    if (from === -1) throw AppError.notFound(topicMessages.topicNotInProgram);
    const moved = moveItem(order, from + 1, body.to);
    const changes = moved
      .map((t, i) => ({ id: t.id, seq: i + 1, old: t.seq }))
      .filter((t) => t.seq !== t.old)
      .map(({ id, seq }) => ({ id, seq }));
    await repo.setTopicSeqs(tx, changes);
    return { seq: clampPosition(body.to, order.length) };
  });
}
