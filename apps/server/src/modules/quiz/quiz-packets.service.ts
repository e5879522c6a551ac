import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import type {
  Group,
  GroupBodyParsed,
  Packet,
  SaveSectionBodyParsed,
} from '@ajar/shared/quiz/quiz.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { resolveMediaRefs, type MediaRefSlot } from '../media/media-refs';
import {
  activityInPath,
  packetInPath,
  type ActivityCtx,
  type ActivityPath,
  type GroupPath,
  type PacketPath,
  type QuizDeps,
} from './quiz-access';
import type { Viewer } from '../access/access.service';
import { prepareQuestion, throwIfAny, type PreparedQuestion } from './quiz-question-input';
import { readGroup, readPackets, toGroup } from './quiz-read';
import * as repo from './quiz.repository';

// Packets and their groups; a group's save also writes its section and questions (spec 02 §7).

const sectionTaken = 'Section sudah dipakai oleh section lain';
const sectionNotFound = 'Section tidak ditemukan';

// Packets ---------------------------------------------------------------------------------------

/** `GET /api/v1/packet/{program}/{topic}/{activity}/list`: oldest first, groups light. */
export async function listPackets(deps: QuizDeps, viewer: Viewer, path: ActivityPath) {
  const activity = await activityInPath(deps.db, viewer, path);
  return readPackets(deps.db, activity, await repo.listPackets(deps.db, activity.id));
}

export async function createPacket(
  deps: QuizDeps,
  viewer: Viewer,
  path: ActivityPath,
  body: { status: string },
): Promise<Packet> {
  const activity = await activityInPath(deps.db, viewer, path);
  const packet = await repo.insertPacket(deps.db, {
    activity_id: activity.id,
    status: body.status,
  });
  const [out] = await readPackets(deps.db, activity, [packet]);
  return out!;
}

/** Deletes a packet with its sections, groups and questions (foreign keys cascade). */
export async function deletePacket(deps: QuizDeps, viewer: Viewer, path: PacketPath) {
  const { packet } = await packetInPath(deps.db, viewer, path);
  await repo.deletePacket(deps.db, packet.id);
}

// Groups ----------------------------------------------------------------------------------------

/** `GET /api/v1/group/…/{packet}/list`: the packet's groups with sections and questions. */
export async function listGroups(deps: QuizDeps, viewer: Viewer, path: PacketPath) {
  const { activity, packet } = await packetInPath(deps.db, viewer, path);
  const groups = await repo.listGroups(deps.db, [packet.id]);
  const questionRows = await repo.questionsOfGroups(
    deps.db,
    groups.map((g) => g.group.id),
  );
  return groups.map((g) =>
    toGroup(
      activity,
      g,
      questionRows.filter((q) => q.group_id === g.group.id),
    ),
  );
}

// The group save (one transaction) ----------------------------------------------------------------

type GroupItem = { kind: 'id'; id: string } | { kind: 'question'; question: PreparedQuestion };

interface GroupSave {
  groupId: string | null;
  isGroup: boolean;
  /** Upsert this section (name, min_score; id of an existing one). */
  section?: { id?: string; name: string; min_score: number } | null;
  /** Or link an existing section (version B), null to unlink. */
  sectionId?: string | null;
  items: GroupItem[];
  /** Field key of item i: `questions.3`, `list_question.3`. */
  itemKey: (i: number) => string;
  sectionKey: string;
}

/** The section to link, checked: of this packet and not shown by another group. */
async function usableSection(
  tx: DbOrTx,
  activity: ActivityCtx,
  packetId: string,
  sectionId: string,
  groupId: string | null,
  key: string,
) {
  const row = await repo.findSection(tx, activity.id, sectionId);
  if (!row || row.packet_id !== packetId) throw AppError.validation({ [key]: sectionNotFound });
  const owner = await repo.findGroupOfSection(tx, row.id);
  if (owner && owner.id !== groupId) throw AppError.validation({ [key]: sectionTaken });
  return row;
}

/**
 * Saves a group in the caller's transaction: its section (created, updated or linked), each
 * question in order (created, updated or adopted from the bank), the group itself; the group's
 * questions no longer listed are deleted. Returns the group id.
 */
async function saveGroupTx(
  tx: DbOrTx,
  activity: ActivityCtx,
  packetId: string,
  save: GroupSave,
): Promise<string> {
  if (!(await repo.lockPacket(tx, packetId))) throw AppError.notFound();
  const existing = save.groupId ? await repo.findGroup(tx, packetId, save.groupId) : null;
  if (save.groupId && !existing) throw AppError.notFound();
  const currentGroupId = existing?.group.id ?? null;

  let sectionId: string | null = existing?.group.section_id ?? null;
  if (save.section) {
    const targetId = save.section.id ?? existing?.group.section_id ?? undefined;
    const fields = { name: save.section.name, min_score: save.section.min_score };
    if (targetId) {
      const row = await usableSection(
        tx,
        activity,
        packetId,
        targetId,
        currentGroupId,
        `${save.sectionKey}.id`,
      );
      sectionId = (await repo.updateSection(tx, row.id, fields)).id;
    } else {
      sectionId = (
        await repo.insertSection(tx, { activity_id: activity.id, packet_id: packetId, ...fields })
      ).id;
    }
  } else if (save.sectionId !== undefined) {
    sectionId = save.sectionId
      ? (await usableSection(tx, activity, packetId, save.sectionId, currentGroupId, 'section_id'))
          .id
      : null;
  }

  const referenced = save.items.map((item) =>
    item.kind === 'id' ? item.id : (item.question.id ?? null),
  );
  const adoptable = await repo.adoptableQuestionIds(
    tx,
    activity.id,
    currentGroupId,
    referenced.filter((id): id is string => id !== null),
  );
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  referenced.forEach((id, i) => {
    if (id === null) return;
    const key = save.items[i]!.kind === 'id' ? save.itemKey(i) : `${save.itemKey(i)}.id`;
    if (!adoptable.has(id) || seen.has(id)) errors[key] = quizMessages.questionNotFound;
    seen.add(id);
  });
  throwIfAny(errors);

  const group = existing
    ? await repo.updateGroup(tx, existing.group.id, {
        section_id: sectionId,
        is_group: save.isGroup,
      })
    : await repo.insertGroup(tx, {
        packet_id: packetId,
        section_id: sectionId,
        is_group: save.isGroup,
      });

  const kept: string[] = [];
  for (const [i, item] of save.items.entries()) {
    const place = { group_id: group.id, seq: i + 1 };
    if (item.kind === 'id') {
      kept.push((await repo.updateQuestion(tx, item.id, place)).id);
    } else if (item.question.id) {
      kept.push(
        (await repo.updateQuestion(tx, item.question.id, { ...item.question.values, ...place })).id,
      );
    } else {
      kept.push((await repo.insertQuestion(tx, { ...item.question.values, ...place })).id);
    }
  }
  await repo.deleteGroupQuestionsExcept(tx, group.id, kept);
  return group.id;
}

/**
 * `PUT …/{packet}/save-section`, the editor's one call: the section, each question in order and
 * the group, in one transaction. Any failing question or check changes nothing.
 */
export async function saveSection(
  deps: QuizDeps,
  viewer: Viewer,
  path: PacketPath,
  body: SaveSectionBodyParsed,
): Promise<Group> {
  const { activity, packet } = await packetInPath(deps.db, viewer, path);
  const errors: Record<string, string> = {};
  if (body.questions.length === 0) errors.questions = quizMessages.questionEmpty;
  const slots: MediaRefSlot[] = [];
  // One after another: errors and media slots are collected in the body's order.
  const prepared: PreparedQuestion[] = [];
  for (const [i, q] of body.questions.entries()) {
    prepared.push(await prepareQuestion(q, activity.id, `questions.${i}.`, errors, slots));
  }
  await resolveMediaRefs(deps, slots, errors);
  throwIfAny(errors);
  return deps.db.transaction(async (tx) => {
    const groupId = await saveGroupTx(tx, activity, packet.id, {
      groupId: body.group_id ?? null,
      isGroup: true,
      section: body.section,
      items: prepared.map((question) => ({ kind: 'question', question })),
      itemKey: (i) => `questions.${i}`,
      sectionKey: 'section',
    });
    return readGroup(tx, activity, packet.id, groupId);
  });
}

/**
 * Group create/update (spec 02 §7): version B (`list_question` ids, `section_id`) or version A
 * (the whole group with question objects, optionally its `section`), in one transaction.
 */
export async function saveGroup(
  deps: QuizDeps,
  viewer: Viewer,
  path: PacketPath & { group_id?: string },
  body: GroupBodyParsed,
): Promise<Group> {
  const { activity, packet } = await packetInPath(deps.db, viewer, path);
  if (path.group_id !== undefined && !isUuid(path.group_id)) throw AppError.notFound();
  const errors: Record<string, string> = {};
  if (body.list_question.length === 0) errors.list_question = quizMessages.questionEmpty;
  const slots: MediaRefSlot[] = [];
  const items: GroupItem[] = [];
  for (const [i, item] of body.list_question.entries()) {
    items.push(
      typeof item === 'string'
        ? { kind: 'id', id: item }
        : {
            kind: 'question',
            question: await prepareQuestion(
              item,
              activity.id,
              `list_question.${i}.`,
              errors,
              slots,
            ),
          },
    );
  }
  await resolveMediaRefs(deps, slots, errors);
  throwIfAny(errors);
  return deps.db.transaction(async (tx) => {
    const groupId = await saveGroupTx(tx, activity, packet.id, {
      groupId: path.group_id ?? null,
      isGroup: body.is_group,
      section: body.section ?? undefined,
      sectionId: body.section === undefined || body.section === null ? body.section_id : undefined,
      items,
      itemKey: (i) => `list_question.${i}`,
      sectionKey: 'section',
    });
    return readGroup(tx, activity, packet.id, groupId);
  });
}

/** Deletes a group, its questions and its section (version B), in one transaction. */
export async function deleteGroup(deps: QuizDeps, viewer: Viewer, path: GroupPath) {
  const { packet } = await packetInPath(deps.db, viewer, path);
  if (!isUuid(path.group_id)) throw AppError.notFound();
  await deps.db.transaction(async (tx) => {
    const row = await repo.findGroup(tx, packet.id, path.group_id);
    if (!row) throw AppError.notFound();
    await repo.deleteGroup(tx, row.group.id);
    if (row.section) await repo.deleteSection(tx, row.section.id);
  });
}
