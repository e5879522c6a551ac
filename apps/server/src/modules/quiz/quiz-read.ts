import type { Group, Packet, Question, Section } from '@ajar/shared/quiz/quiz.schemas';
import type { DbOrTx } from '../../db/client';
import type { MediaRefJson } from '../../db/schema/quiz';
import { AppError } from '../../lib/app-error';
import type { ActivityCtx } from './quiz-access';
import * as repo from './quiz.repository';

// Rows → the API's packets, groups, sections and questions.

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

export function toGroup(
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

export function toSection(row: repo.SectionRow, groupId: string | null): Section {
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

export async function readPackets(db: DbOrTx, activity: ActivityCtx, packets: repo.PacketRow[]) {
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

export async function readGroup(
  db: DbOrTx,
  activity: ActivityCtx,
  packetId: string,
  groupId: string,
) {
  const row = await repo.findGroup(db, packetId, groupId);
  if (!row) throw AppError.notFound();
  return toGroup(activity, row, await repo.questionsOfGroups(db, [groupId]));
}
