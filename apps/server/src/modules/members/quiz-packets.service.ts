import { randomInt } from 'node:crypto';
import type { ActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import type { ScorableGroup } from '@ajar/shared/quiz/quiz.scoring';
import type { ServedQuestion } from '@ajar/shared/members/member-learning.schemas';
import type { DbOrTx } from '../../db/client';
import {
  countQuestionsOfPackets,
  listGroups,
  listPackets,
  questionsOfGroups,
  type QuestionRow,
} from '../quiz/quiz.repository';

/** A packet's groups in order, each with its section and its questions (in seq order). */
export interface PacketSection {
  name: string | null;
  minScore: number;
  questions: QuestionRow[];
}

/**
 * The packets an activity's attempts draw from: its first `number_questions_package` packets
 * that hold questions ('Jumlah Paket Soal'; 0 = all of them), in packet order.
 */
export async function packetPool(
  db: DbOrTx,
  activityId: string,
  settings: ActivitySettings,
): Promise<string[]> {
  return (await countedPool(db, activityId, settings)).map((p) => p.id);
}

async function countedPool(db: DbOrTx, activityId: string, settings: ActivitySettings) {
  const packets = await listPackets(db, activityId);
  const counts = await countQuestionsOfPackets(
    db,
    packets.map((p) => p.id),
  );
  const filled = packets
    .map((p) => ({ id: p.id, questions: counts.get(p.id) ?? 0 }))
    .filter((p) => p.questions > 0);
  const size = settings.number_questions_package;
  return size > 0 ? filled.slice(0, size) : filled;
}

/**
 * How many questions an attempt serves: the fewest and the most of the pool's packets (the same
 * number when every packet holds as many); null when there is no question yet.
 */
export async function questionCountOfPool(
  db: DbOrTx,
  activityId: string,
  settings: ActivitySettings,
): Promise<{ min: number; max: number } | null> {
  const counts = (await countedPool(db, activityId, settings)).map((p) => p.questions);
  return counts.length ? { min: Math.min(...counts), max: Math.max(...counts) } : null;
}

/**
 * Which packet of the pool an attempt plays: with 'Acak Soal' one drawn at random, otherwise the
 * pool's packets in turn, so a retake gets the next packet. Null when the pool is empty.
 */
export function packetOfAttempt(
  pool: string[],
  settings: ActivitySettings,
  attemptNo: number,
  draw: (n: number) => number = randomInt,
): string | null {
  if (pool.length === 0) return null;
  const index =
    settings.is_random_question === 1 ? draw(pool.length) : (attemptNo - 1) % pool.length;
  return pool[index]!;
}

/** A quiz activity as the cache knows it: its id and the version of its questions. */
export interface QuizVersion {
  id: string;
  quiz_version: number;
}

/** What every attempt of one quiz starts from, read once per version of its questions. */
interface PreparedQuiz {
  version: number;
  /** The packets holding questions, in packet order (the pool before 'Jumlah Paket Soal'). */
  filled: Map<'all', Promise<string[]>>;
  sections: Map<string, Promise<(PacketSection & { groupId: string })[]>>;
}

/** Quizzes kept prepared; past it the least recently used is dropped. */
const maxPreparedQuizzes = 200;
const prepared = new Map<string, PreparedQuiz>();

/**
 * The quiz's prepared entry while its `quiz_version` holds (database triggers raise it on every
 * write of its packets, groups, sections and questions, from any server or script); null for a
 * caller holding an older version than the one kept (it reads for itself).
 */
function preparedQuiz(activity: QuizVersion): PreparedQuiz | null {
  const kept = prepared.get(activity.id);
  if (kept && kept.version > activity.quiz_version) return null;
  prepared.delete(activity.id);
  if (kept && kept.version === activity.quiz_version) {
    prepared.set(activity.id, kept);
    return kept;
  }
  const entry: PreparedQuiz = {
    version: activity.quiz_version,
    filled: new Map(),
    sections: new Map(),
  };
  prepared.set(activity.id, entry);
  if (prepared.size > maxPreparedQuizzes) {
    const oldest = prepared.keys().next().value;
    if (oldest !== undefined) prepared.delete(oldest);
  }
  return entry;
}

/** `read` once per entry and key; a failed read is forgotten (the next caller tries again). */
function once<K, T>(map: Map<K, Promise<T>>, key: K, read: () => Promise<T>): Promise<T> {
  const kept = map.get(key);
  if (kept) return kept;
  const value = read();
  map.set(key, value);
  value.catch(() => {
    if (map.get(key) === value) map.delete(key);
  });
  return value;
}

/**
 * The packet an attempt plays (see `packetPool` and `packetOfAttempt`), from the quiz's prepared
 * packets: a cohort starting the same test at the same minute reads them once.
 */
export async function pickPacket(
  db: DbOrTx,
  activity: QuizVersion,
  settings: ActivitySettings,
  attemptNo: number,
): Promise<string | null> {
  const entry = preparedQuiz(activity);
  const all = { ...settings, number_questions_package: 0 };
  const filled = entry
    ? await once(entry.filled, 'all', () => packetPool(db, activity.id, all))
    : await packetPool(db, activity.id, all);
  const size = settings.number_questions_package;
  return packetOfAttempt(size > 0 ? filled.slice(0, size) : filled, settings, attemptNo);
}

/** `packetSections` from the quiz's prepared entry (read once per packet and version). */
export function preparedSections(
  db: DbOrTx,
  activity: QuizVersion,
  packetId: string,
): Promise<(PacketSection & { groupId: string })[]> {
  const entry = preparedQuiz(activity);
  if (!entry) return packetSections(db, packetId);
  return once(entry.sections, packetId, () => packetSections(db, packetId));
}

/** The packet's sections (groups) with their current questions. */
export async function packetSections(
  db: DbOrTx,
  packetId: string,
): Promise<(PacketSection & { groupId: string })[]> {
  const groups = await listGroups(db, [packetId]);
  const questionRows = await questionsOfGroups(
    db,
    groups.map((g) => g.group.id),
  );
  return groups.map(({ group, section }) => ({
    groupId: group.id,
    name: section?.name ?? null,
    minScore: section?.min_score ?? 0,
    questions: questionRows.filter((q) => q.group_id === group.id),
  }));
}

function shuffle<T>(items: T[], draw: (n: number) => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = draw(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The order questions are served in: per section, shuffled within it with 'Acak Soal'. */
export function servedOrder(
  sections: PacketSection[],
  random: boolean,
  draw: (n: number) => number = randomInt,
): string[] {
  return sections.flatMap((s) =>
    (random ? shuffle(s.questions, draw) : s.questions).map((q) => q.id),
  );
}

/** Sections limited to the attempt's questions, in the attempt's order. */
export function sectionsOfAttempt(
  sections: PacketSection[],
  questionIds: string[],
): PacketSection[] {
  const position = new Map(questionIds.map((id, i) => [id, i]));
  return sections.map((s) => ({
    ...s,
    questions: s.questions
      .filter((q) => position.has(q.id))
      .sort((a, b) => position.get(a.id)! - position.get(b.id)!),
  }));
}

/** A question without anything that gives the answer away (right answer, points, explanation). */
export function toServedQuestion(q: QuestionRow): ServedQuestion {
  return {
    id: q.id,
    type: q.type,
    question: { text: q.question.text, media: q.question.media ?? null },
    instruction: q.instruction
      ? { text: q.instruction.text, media: q.instruction.media ?? null }
      : null,
    audio: q.audio ?? null,
    options: q.options.map((o) => ({ text: o.text, media: o.media ?? null })),
  };
}

/** The sections in the shape the shared scoring reads. */
export function toScorable(sections: PacketSection[]): ScorableGroup[] {
  return sections.map((s) => ({
    section: { name: s.name, min_score: s.minScore },
    list_question: s.questions.map((q) => ({
      id: q.id,
      type: q.type,
      point: q.point,
      options: q.options.map((o) => ({ text: o.text, point: o.point })),
      correct_answer: q.correct_answer,
    })),
  }));
}
