import { randomUUID } from 'node:crypto';
import { isQuizActivityType } from '@ajar/shared/activities/activities.constants';
import type { RoleKey } from '@ajar/shared/common/roles';
import type { PickableMediaType } from '@ajar/shared/media/media.schemas';
import { defaultQuestionPoint, quizMessages } from '@ajar/shared/quiz/quiz.constants';
import { parsePoint, questionFieldErrors } from '@ajar/shared/quiz/quiz.rules';
import type {
  BankCreated,
  BankQuestionBodyParsed,
  Group,
  GroupBodyParsed,
  Packet,
  Question,
  QuestionInputParsed,
  SaveSectionBodyParsed,
  Section,
  SectionBodyParsed,
} from '@ajar/shared/quiz/quiz.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { MediaRefJson } from '../../db/schema/quiz';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Storage } from '../../lib/storage';
import { findActivity } from '../activities/activities.repository';
import { resolveMediaRefs, type MediaRefSlot } from '../media/media-refs';
import { assertProgramVisible } from '../programs/programs.service';
import * as repo from './quiz.repository';
import { isUuid } from '../../lib/ids';

export interface QuizDeps {
  db: Db;
  storage: Storage;
}

export interface Viewer {
  id: string;
  role: RoleKey;
}

/** The route parameters of the packet and group calls. */
export interface ActivityPath {
  program: string;
  topic: string;
  activity: string;
}
export interface PacketPath extends ActivityPath {
  packet: string;
}
export interface GroupPath extends PacketPath {
  group_id: string;
}

interface ActivityCtx {
  id: string;
  program_id: string;
  topic_id: string;
  type: string;
}

const sectionTaken = 'Section sudah dipakai oleh section lain';
const sectionNotFound = 'Section tidak ditemukan';

// Access ----------------------------------------------------------------------------------------

function assertQuizActivity(row: ActivityCtx): ActivityCtx {
  if (!isQuizActivityType(row.type)) throw AppError.badRequest(quizMessages.notQuizActivity);
  return row;
}

/**
 * The quiz-type activity of the path, for the viewer: the program must be visible to them (a
 * trainer only sees assigned programs; anything else is 404) and hold the topic and activity.
 */
async function activityInPath(db: DbOrTx, viewer: Viewer, path: ActivityPath) {
  if (!isUuid(path.program) || !isUuid(path.topic) || !isUuid(path.activity)) {
    throw AppError.notFound();
  }
  await assertProgramVisible(db, viewer, path.program);
  const row = await findActivity(db, {
    programId: path.program,
    topicId: path.topic,
    id: path.activity,
  });
  if (!row) throw AppError.notFound();
  return assertQuizActivity(row);
}

/** The same check for calls that name only the activity (sections, question bank). */
async function activityById(db: DbOrTx, viewer: Viewer, activityId: string | null) {
  if (!activityId || !isUuid(activityId)) throw AppError.notFound();
  const row = await repo.findActivityById(db, activityId);
  if (!row) throw AppError.notFound();
  await assertProgramVisible(db, viewer, row.program_id);
  return assertQuizActivity(row);
}

async function packetInPath(db: DbOrTx, viewer: Viewer, path: PacketPath) {
  const activity = await activityInPath(db, viewer, path);
  if (!isUuid(path.packet)) throw AppError.notFound();
  const packet = await repo.findPacket(db, activity.id, path.packet);
  if (!packet) throw AppError.notFound();
  return { activity, packet };
}

// Reading ---------------------------------------------------------------------------------------

type MediaOut = Question['audio'];

function readMedia(value: MediaRefJson | null | undefined): MediaOut {
  if (!value?.url) return null;
  return { id: value.id ?? null, url: value.url, type: value.type ?? 'image' };
}

function readBlock(value: { text?: string; media?: MediaRefJson | null } | null | undefined) {
  return { text: value?.text ?? '', media: readMedia(value?.media) };
}

export function toQuestion(row: repo.QuestionRow): Question {
  return {
    id: row.id,
    activity_id: row.activity_id,
    group_id: row.group_id,
    seq: row.seq,
    type: row.type === 'single_choice_survey' ? 'single_choice_survey' : 'multiple_choice',
    question: readBlock(row.question),
    instruction: readBlock(row.instruction),
    audio: readMedia(row.audio),
    question_type: row.question_type,
    answer_type: row.answer_type,
    point: Number(row.point),
    options: (row.options ?? []).map((o) => ({
      text: o.text ?? '',
      media: readMedia(o.media),
      point: Number(o.point ?? 0),
    })),
    correct_answer: row.correct_answer ?? [],
    status: row.status,
    explanation: {
      correct: readBlock(row.explanation?.correct),
      wrong: readBlock(row.explanation?.wrong),
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toGroupSection(section: repo.SectionRow | null) {
  return section ? { id: section.id, name: section.name, min_score: section.min_score } : null;
}

function toGroup(
  activity: ActivityCtx,
  { group, section }: repo.GroupWithSection,
  questionRows: repo.QuestionRow[],
): Group {
  return {
    group_id: group.id,
    id: group.id,
    is_group: group.is_group,
    program_id: activity.program_id,
    topic_id: activity.topic_id,
    activity_id: activity.id,
    packet_id: group.packet_id,
    section: toGroupSection(section),
    list_question: questionRows.map(toQuestion),
    created_at: group.created_at.toISOString(),
    updated_at: group.updated_at.toISOString(),
  };
}

function toSection(row: repo.SectionRow, groupId: string | null): Section {
  return {
    id: row.id,
    name: row.name,
    min_score: row.min_score,
    packet_id: row.packet_id,
    activity_id: row.activity_id,
    group_id: groupId,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function readPackets(db: DbOrTx, activity: ActivityCtx, packets: repo.PacketRow[]) {
  const packetIds = packets.map((p) => p.id);
  const groups = await repo.listGroups(db, packetIds);
  const ids = await repo.questionIdsOfGroups(
    db,
    groups.map((g) => g.group.id),
  );
  const counts = await repo.countQuestionsOfPackets(db, packetIds);
  return packets.map((p): Packet => ({
    id: p.id,
    status: p.status,
    total_question: counts.get(p.id) ?? 0,
    program_id: activity.program_id,
    topic_id: activity.topic_id,
    activity_id: activity.id,
    groups: groups
      .filter((g) => g.group.packet_id === p.id)
      .map((g) => {
        const list = ids.filter((q) => q.group_id === g.group.id).map((q) => q.id);
        return {
          group_id: g.group.id,
          is_group: g.group.is_group,
          section: toGroupSection(g.section),
          list_question: list,
          total_question: list.length,
        };
      }),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  }));
}

async function readGroup(db: DbOrTx, activity: ActivityCtx, packetId: string, groupId: string) {
  const row = await repo.findGroup(db, packetId, groupId);
  if (!row) throw AppError.notFound();
  return toGroup(activity, row, await repo.questionsOfGroups(db, [groupId]));
}

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

// Question preparation (before any transaction) --------------------------------------------------

interface PreparedQuestion {
  id?: string;
  values: repo.QuestionValues;
}

const imageOnly = ['image'] as const;
const audioOnly = ['audio'] as const;
const anyKind = ['image', 'audio'] as const;

/**
 * Sanitises a question's rich text, runs the rules of spec 02 §5 on what will be stored, and
 * normalises points: a multiple-choice question without a point gets the default 5, a survey has
 * no correct answer and point 0. Messages land in `errors` under `${prefix}<field>`.
 */
function prepareQuestion(
  input: QuestionInputParsed,
  activityId: string,
  prefix: string,
  errors: Record<string, string>,
  slots: MediaRefSlot[],
): PreparedQuestion {
  const survey = input.type === 'single_choice_survey';
  const question = { text: sanitizeRichText(input.question.text), media: input.question.media };
  const instruction = {
    text: sanitizeRichText(input.instruction.text),
    media: input.instruction.media,
  };
  const options = input.options.map((o) => ({
    text: o.text.trim(),
    media: o.media,
    point: o.point,
  }));
  const correct = survey ? [] : input.correct_answer.map((c) => c.trim());
  const point = input.point === undefined ? defaultQuestionPoint : input.point;
  for (const e of questionFieldErrors({
    type: input.type,
    question,
    options,
    correct_answer: correct,
    point,
  })) {
    errors[`${prefix}${e.field}`] ??= e.message;
  }
  const explanation = {
    correct: {
      text: sanitizeRichText(input.explanation.correct.text),
      media: input.explanation.correct.media,
    },
    wrong: {
      text: sanitizeRichText(input.explanation.wrong.text),
      media: input.explanation.wrong.media,
    },
  };
  const slot = (key: string, ref: MediaRefJson | null, kinds: readonly PickableMediaType[]) => {
    if (ref) slots.push({ key: `${prefix}${key}`, ref, kinds });
  };
  slot('question.media', question.media, imageOnly);
  slot('instruction.media', instruction.media, anyKind);
  slot('audio', input.audio, audioOnly);
  options.forEach((o, i) => slot(`options.${i}.media`, o.media, imageOnly));
  slot('explanation.correct.media', explanation.correct.media, anyKind);
  slot('explanation.wrong.media', explanation.wrong.media, anyKind);
  return {
    id: input.id,
    values: {
      activity_id: activityId,
      type: input.type,
      question,
      instruction,
      audio: input.audio,
      question_type: input.question_type,
      answer_type: input.answer_type,
      point: survey ? 0 : (parsePoint(point) ?? defaultQuestionPoint),
      options: options.map((o) => ({
        text: o.text,
        media: o.media,
        point: parsePoint(o.point) ?? 0,
      })),
      correct_answer: correct,
      explanation,
      status: input.status,
    },
  };
}

function throwIfAny(errors: Record<string, string>) {
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
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
  const prepared = body.questions.map((q, i) =>
    prepareQuestion(q, activity.id, `questions.${i}.`, errors, slots),
  );
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
  const items = body.list_question.map((item, i): GroupItem =>
    typeof item === 'string'
      ? { kind: 'id', id: item }
      : {
          kind: 'question',
          question: prepareQuestion(item, activity.id, `list_question.${i}.`, errors, slots),
        },
  );
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

// Sections --------------------------------------------------------------------------------------

export async function listSections(deps: QuizDeps, viewer: Viewer, activityId: string) {
  const activity = await activityById(deps.db, viewer, activityId);
  const rows = await repo.listSections(deps.db, activity.id);
  return rows.map((r) => toSection(r.section, r.group_id));
}

async function sectionInScope(db: DbOrTx, viewer: Viewer, activityId: string, sectionId: string) {
  const activity = await activityById(db, viewer, activityId);
  if (!isUuid(sectionId)) throw AppError.notFound();
  const row = await repo.findSection(db, activity.id, sectionId);
  if (!row) throw AppError.notFound();
  return { activity, row };
}

export async function showSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
): Promise<Section> {
  const { row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  const group = await repo.findGroupOfSection(deps.db, row.id);
  return toSection(row, group?.id ?? null);
}

async function packetOfActivity(db: DbOrTx, activityId: string, packetId: string) {
  const packet = await repo.findPacket(db, activityId, packetId);
  if (!packet) throw AppError.validation({ packet_id: 'Paket soal tidak ditemukan' });
  return packet;
}

export async function createSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  body: SectionBodyParsed,
): Promise<Section> {
  const activity = await activityById(deps.db, viewer, activityId);
  const packet = await packetOfActivity(deps.db, activity.id, body.packet_id);
  const row = await repo.insertSection(deps.db, {
    activity_id: activity.id,
    packet_id: packet.id,
    name: body.name,
    min_score: body.min_score,
  });
  return toSection(row, null);
}

export async function updateSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
  body: SectionBodyParsed,
): Promise<Section> {
  const { activity, row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  await packetOfActivity(deps.db, activity.id, body.packet_id);
  if (body.packet_id !== row.packet_id) {
    throw AppError.validation({ packet_id: 'Paket soal section tidak dapat diubah' });
  }
  const updated = await repo.updateSection(deps.db, row.id, {
    name: body.name,
    min_score: body.min_score,
  });
  const group = await repo.findGroupOfSection(deps.db, row.id);
  return toSection(updated, group?.id ?? null);
}

/** Deletes a section; the group showing it and the group's questions go with it. */
export async function deleteSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
) {
  const { row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  await repo.deleteSection(deps.db, row.id);
}

// Question bank ---------------------------------------------------------------------------------

async function questionInScope(db: DbOrTx, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await repo.findQuestion(db, id);
  if (!row) throw AppError.notFound();
  const activity = await activityById(db, viewer, row.activity_id);
  return { row, activity };
}

export async function showQuestion(deps: QuizDeps, viewer: Viewer, id: string) {
  return toQuestion((await questionInScope(deps.db, viewer, id)).row);
}

async function prepareBankQuestion(
  deps: QuizDeps,
  activityId: string,
  body: BankQuestionBodyParsed,
) {
  const errors: Record<string, string> = {};
  const slots: MediaRefSlot[] = [];
  const prepared = prepareQuestion(body, activityId, '', errors, slots);
  await resolveMediaRefs(deps, slots, errors);
  throwIfAny(errors);
  return prepared.values;
}

/** A question of an activity's bank, outside any group until a group lists it (version B). */
export async function createQuestion(
  deps: QuizDeps,
  viewer: Viewer,
  body: BankQuestionBodyParsed,
): Promise<BankCreated> {
  const activity = await activityById(deps.db, viewer, body.activity_id);
  const values = await prepareBankQuestion(deps, activity.id, body);
  const row = await repo.insertQuestion(deps.db, { ...values, group_id: null, seq: 0 });
  return { data: { id: row.id }, question: toQuestion(row) };
}

/** Updates a question's content; its group and place stay. */
export async function updateQuestion(
  deps: QuizDeps,
  viewer: Viewer,
  id: string,
  body: BankQuestionBodyParsed,
): Promise<Question> {
  const { row, activity } = await questionInScope(deps.db, viewer, id);
  if (body.activity_id !== activity.id) {
    throw AppError.validation({ activity_id: 'Aktivitas soal tidak dapat diubah' });
  }
  const values = await prepareBankQuestion(deps, activity.id, body);
  return toQuestion(await repo.updateQuestion(deps.db, row.id, values));
}

/** Deletes a question; the rest of its group closes the gap. */
export async function deleteQuestion(deps: QuizDeps, viewer: Viewer, id: string) {
  const { row } = await questionInScope(deps.db, viewer, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteQuestion(tx, row.id);
    if (row.group_id) await repo.renumberGroup(tx, row.group_id);
  });
}

// Copy ------------------------------------------------------------------------------------------

/**
 * Copies every packet of `fromActivityId` (sections, groups, questions, in order) to
 * `toActivityId`, inside the caller's transaction: a post_test made from a pre_test.
 */
export async function cloneQuestionPackets(
  tx: DbOrTx,
  fromActivityId: string,
  toActivityId: string,
): Promise<void> {
  const tree = await repo.packetTree(tx, fromActivityId);
  // Rows of one transaction share now(): explicit, increasing times keep the source's order.
  const base = Date.now();
  const at = (i: number) => new Date(base + i);
  // New ids are made here, so the copy maps parents to children without reading inserts back.
  const copyOf = (ids: string[]) => new Map(ids.map((id) => [id, randomUUID()]));
  const packetIds = copyOf(tree.packets.map((p) => p.id));
  const sectionIds = copyOf(
    tree.sections.filter((s) => packetIds.has(s.packet_id)).map((s) => s.id),
  );
  const groupIds = copyOf(tree.groups.map(({ group }) => group.id));
  await repo.insertPacketTree(tx, {
    packets: tree.packets.map((p, i) => ({
      id: packetIds.get(p.id)!,
      activity_id: toActivityId,
      status: p.status,
      created_at: at(i),
      updated_at: at(i),
    })),
    sections: tree.sections
      .filter((s) => sectionIds.has(s.id))
      .map((s, i) => ({
        id: sectionIds.get(s.id)!,
        activity_id: toActivityId,
        packet_id: packetIds.get(s.packet_id)!,
        name: s.name,
        min_score: s.min_score,
        created_at: at(i),
        updated_at: at(i),
      })),
    groups: tree.groups.map(({ group }, i) => ({
      id: groupIds.get(group.id)!,
      packet_id: packetIds.get(group.packet_id)!,
      section_id: group.section_id ? (sectionIds.get(group.section_id) ?? null) : null,
      is_group: group.is_group,
      created_at: at(i),
      updated_at: at(i),
    })),
    questions: tree.questions.map((q) => {
      const { id: _id, created_at: _c, updated_at: _u, ...rest } = q;
      return {
        ...rest,
        activity_id: toActivityId,
        group_id: q.group_id ? (groupIds.get(q.group_id) ?? null) : null,
      };
    }),
  });
}
