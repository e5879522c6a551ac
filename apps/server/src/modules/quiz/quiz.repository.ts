import { and, asc, count, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  questionGroups,
  questionPackets,
  questions,
  quizSections,
} from '../../db/schema';

export type PacketRow = typeof questionPackets.$inferSelect;
export type GroupRow = typeof questionGroups.$inferSelect;
export type SectionRow = typeof quizSections.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;
/** The stored fields of a question that a save sets (everything but its place). */
export type QuestionValues = Omit<
  NewQuestionRow,
  'id' | 'group_id' | 'seq' | 'created_at' | 'updated_at'
>;

// Activities ------------------------------------------------------------------------------------

export async function findActivityById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: activities.id,
      program_id: activities.program_id,
      topic_id: activities.topic_id,
      type: activities.type,
    })
    .from(activities)
    .where(eq(activities.id, id))
    .limit(1);
  return row ?? null;
}

// Packets ---------------------------------------------------------------------------------------

/** An activity's packets, oldest first (spec 02 §4). */
export async function listPackets(db: DbOrTx, activityId: string): Promise<PacketRow[]> {
  return db
    .select()
    .from(questionPackets)
    .where(eq(questionPackets.activity_id, activityId))
    .orderBy(asc(questionPackets.created_at), asc(questionPackets.id));
}

export async function findPacket(
  db: DbOrTx,
  activityId: string,
  packetId: string,
): Promise<PacketRow | null> {
  const [row] = await db
    .select()
    .from(questionPackets)
    .where(and(eq(questionPackets.id, packetId), eq(questionPackets.activity_id, activityId)))
    .limit(1);
  return row ?? null;
}

/** Locks the packet for the rest of the transaction: saves of one packet queue up. */
export async function lockPacket(tx: DbOrTx, packetId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: questionPackets.id })
    .from(questionPackets)
    .where(eq(questionPackets.id, packetId))
    .for('update');
  return rows.length > 0;
}

export async function insertPacket(
  db: DbOrTx,
  values: typeof questionPackets.$inferInsert,
): Promise<PacketRow> {
  const [row] = await db.insert(questionPackets).values(values).returning();
  return row!;
}

/**
 * A copied packet tree, inserted level by level (four statements whatever its size); the rows
 * carry their ids, so children can name parents made in the same call.
 */
export async function insertPacketTree(
  db: DbOrTx,
  tree: {
    packets: (typeof questionPackets.$inferInsert)[];
    sections: (typeof quizSections.$inferInsert)[];
    groups: (typeof questionGroups.$inferInsert)[];
    questions: NewQuestionRow[];
  },
): Promise<void> {
  if (tree.packets.length) await db.insert(questionPackets).values(tree.packets);
  if (tree.sections.length) await db.insert(quizSections).values(tree.sections);
  if (tree.groups.length) await db.insert(questionGroups).values(tree.groups);
  if (tree.questions.length) await db.insert(questions).values(tree.questions);
}

/** Deletes a packet; its sections, groups and their questions cascade. */
export async function deletePacket(db: DbOrTx, packetId: string): Promise<void> {
  await db.delete(questionPackets).where(eq(questionPackets.id, packetId));
}

// Groups ----------------------------------------------------------------------------------------

export interface GroupWithSection {
  group: GroupRow;
  section: SectionRow | null;
}

/** Groups of the packets, oldest first, each with its section. */
export async function listGroups(db: DbOrTx, packetIds: string[]): Promise<GroupWithSection[]> {
  if (packetIds.length === 0) return [];
  const rows = await db
    .select({ group: questionGroups, section: quizSections })
    .from(questionGroups)
    .leftJoin(quizSections, eq(quizSections.id, questionGroups.section_id))
    .where(inArray(questionGroups.packet_id, packetIds))
    .orderBy(asc(questionGroups.created_at), asc(questionGroups.id));
  return rows;
}

export async function findGroup(
  db: DbOrTx,
  packetId: string,
  groupId: string,
): Promise<GroupWithSection | null> {
  const [row] = await db
    .select({ group: questionGroups, section: quizSections })
    .from(questionGroups)
    .leftJoin(quizSections, eq(quizSections.id, questionGroups.section_id))
    .where(and(eq(questionGroups.id, groupId), eq(questionGroups.packet_id, packetId)))
    .limit(1);
  return row ?? null;
}

export async function insertGroup(
  db: DbOrTx,
  values: typeof questionGroups.$inferInsert,
): Promise<GroupRow> {
  const [row] = await db.insert(questionGroups).values(values).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  id: string,
  values: { section_id: string | null; is_group: boolean },
): Promise<GroupRow> {
  const [row] = await db
    .update(questionGroups)
    .set({ ...values, updated_at: new Date() })
    .where(eq(questionGroups.id, id))
    .returning();
  return row!;
}

/** Deletes a group; its questions cascade. */
export async function deleteGroup(db: DbOrTx, groupId: string): Promise<void> {
  await db.delete(questionGroups).where(eq(questionGroups.id, groupId));
}

/** The group that shows a section, if any. */
export async function findGroupOfSection(db: DbOrTx, sectionId: string): Promise<GroupRow | null> {
  const [row] = await db
    .select()
    .from(questionGroups)
    .where(eq(questionGroups.section_id, sectionId))
    .limit(1);
  return row ?? null;
}

// Sections --------------------------------------------------------------------------------------

/** An activity's sections, in packet order, then oldest first; each with its group id. */
export async function listSections(db: DbOrTx, activityId: string) {
  return db
    .select({ section: quizSections, group_id: questionGroups.id })
    .from(quizSections)
    .innerJoin(questionPackets, eq(questionPackets.id, quizSections.packet_id))
    .leftJoin(questionGroups, eq(questionGroups.section_id, quizSections.id))
    .where(eq(quizSections.activity_id, activityId))
    .orderBy(
      asc(questionPackets.created_at),
      asc(questionPackets.id),
      asc(quizSections.created_at),
      asc(quizSections.id),
    );
}

export async function findSection(
  db: DbOrTx,
  activityId: string,
  sectionId: string,
): Promise<SectionRow | null> {
  const [row] = await db
    .select()
    .from(quizSections)
    .where(and(eq(quizSections.id, sectionId), eq(quizSections.activity_id, activityId)))
    .limit(1);
  return row ?? null;
}

export async function insertSection(
  db: DbOrTx,
  values: typeof quizSections.$inferInsert,
): Promise<SectionRow> {
  const [row] = await db.insert(quizSections).values(values).returning();
  return row!;
}

export async function updateSection(
  db: DbOrTx,
  id: string,
  values: { name: string; min_score: number },
): Promise<SectionRow> {
  const [row] = await db
    .update(quizSections)
    .set({ ...values, updated_at: new Date() })
    .where(eq(quizSections.id, id))
    .returning();
  return row!;
}

/** Deletes a section; the group showing it and that group's questions cascade. */
export async function deleteSection(db: DbOrTx, id: string): Promise<void> {
  await db.delete(quizSections).where(eq(quizSections.id, id));
}

// Questions -------------------------------------------------------------------------------------

/** Questions of the groups, in group then seq order. */
export async function questionsOfGroups(db: DbOrTx, groupIds: string[]): Promise<QuestionRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(inArray(questions.group_id, groupIds))
    .orderBy(asc(questions.group_id), asc(questions.seq), asc(questions.created_at));
}

/** Question ids of the groups in order, without their content (the packet list). */
export async function questionIdsOfGroups(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: questions.id, group_id: questions.group_id })
    .from(questions)
    .where(inArray(questions.group_id, groupIds))
    .orderBy(asc(questions.group_id), asc(questions.seq), asc(questions.created_at));
}

/** Number of questions in each packet's groups. */
export async function countQuestionsOfPackets(db: DbOrTx, packetIds: string[]) {
  if (packetIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ packet_id: questionGroups.packet_id, n: count(questions.id) })
    .from(questions)
    .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
    .where(inArray(questionGroups.packet_id, packetIds))
    .groupBy(questionGroups.packet_id);
  return new Map(rows.map((r) => [r.packet_id, r.n]));
}

export async function findQuestion(db: DbOrTx, id: string): Promise<QuestionRow | null> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row ?? null;
}

export async function findQuestions(db: DbOrTx, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.id, ids));
}

export async function insertQuestion(db: DbOrTx, values: NewQuestionRow): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

export async function updateQuestion(
  db: DbOrTx,
  id: string,
  values: Partial<NewQuestionRow>,
): Promise<QuestionRow> {
  const [row] = await db
    .update(questions)
    .set({ ...values, updated_at: new Date() })
    .where(eq(questions.id, id))
    .returning();
  return row!;
}

/** Deletes the group's questions that are not in `keep`. */
export async function deleteGroupQuestionsExcept(
  db: DbOrTx,
  groupId: string,
  keep: string[],
): Promise<void> {
  await db
    .delete(questions)
    .where(
      keep.length > 0
        ? and(eq(questions.group_id, groupId), notInArray(questions.id, keep))
        : eq(questions.group_id, groupId),
    );
}

export async function deleteQuestion(db: DbOrTx, id: string): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

/** Renumbers a group's questions 1..n in their current order. */
export async function renumberGroup(db: DbOrTx, groupId: string): Promise<void> {
  await db.execute(sql`
    update ${questions} as q
       set seq = r.rn
      from (
        select id, row_number() over (order by seq, created_at, id)::int as rn
          from ${questions}
         where group_id = ${groupId}
      ) as r
     where q.id = r.id and q.seq <> r.rn
  `);
}

/** Questions of the activity that may join the group: unlisted ones, or already in it. */
export async function adoptableQuestionIds(
  db: DbOrTx,
  activityId: string,
  groupId: string | null,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        inArray(questions.id, ids),
        eq(questions.activity_id, activityId),
        groupId
          ? or(isNull(questions.group_id), eq(questions.group_id, groupId))
          : isNull(questions.group_id),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

// Clone -----------------------------------------------------------------------------------------

/** Everything of an activity's packets, for a copy. */
export async function packetTree(db: DbOrTx, activityId: string) {
  const packets = await listPackets(db, activityId);
  const groups = await listGroups(
    db,
    packets.map((p) => p.id),
  );
  const sections = await db
    .select()
    .from(quizSections)
    .where(eq(quizSections.activity_id, activityId))
    .orderBy(asc(quizSections.created_at), asc(quizSections.id));
  const questionRows = await questionsOfGroups(
    db,
    groups.map((g) => g.group.id),
  );
  return { packets, groups, sections, questions: questionRows };
}
