import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, gameplays } from '../../db/schema';
import { inAssignedPrograms } from '../access/access.repository';

export type GameplayRow = typeof gameplays.$inferSelect;
export type NewGameplayRow = typeof gameplays.$inferInsert;

/** What the scope check needs of an activity. */
export interface ActivityRef {
  id: string;
  program_id: string;
  type: string;
}

export async function findActivityRef(db: DbOrTx, id: string): Promise<ActivityRef | null> {
  const [row] = await db
    .select({ id: activities.id, program_id: activities.program_id, type: activities.type })
    .from(activities)
    .where(eq(activities.id, id))
    .limit(1);
  return row ?? null;
}

/** The activity's pop-up quiz JSON, with its row locked for the rest of the transaction. */
export async function lockActivityQuiz(
  tx: DbOrTx,
  id: string,
): Promise<{ id: string; quiz: unknown } | null> {
  const [row] = await tx
    .select({ id: activities.id, quiz: activities.quiz })
    .from(activities)
    .where(eq(activities.id, id))
    .for('update');
  return row ?? null;
}

export async function writeActivityQuiz(
  tx: DbOrTx,
  id: string,
  quiz: Record<string, unknown> | null,
): Promise<void> {
  await tx.update(activities).set({ quiz, updated_at: new Date() }).where(eq(activities.id, id));
}

export async function findGameplay(db: DbOrTx, id: string): Promise<GameplayRow | null> {
  const [row] = await db.select().from(gameplays).where(eq(gameplays.id, id)).limit(1);
  return row ?? null;
}

/** Gameplays by id, each with the program of its activity (for the scope check). */
export async function findGameplays(
  db: DbOrTx,
  ids: string[],
  /** Only gameplays of programs this trainer is assigned to. */
  assignedUserId?: string,
): Promise<(GameplayRow & { program_id: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ gameplay: gameplays, program_id: activities.program_id })
    .from(gameplays)
    .innerJoin(activities, eq(activities.id, gameplays.activity_id))
    .where(
      and(inArray(gameplays.id, ids), inAssignedPrograms(activities.program_id, assignedUserId)),
    );
  return rows.map((r) => ({ ...r.gameplay, program_id: r.program_id }));
}

export async function insertGameplay(db: DbOrTx, values: NewGameplayRow): Promise<GameplayRow> {
  const [row] = await db.insert(gameplays).values(values).returning();
  return row!;
}

export async function updateGameplay(
  db: DbOrTx,
  id: string,
  values: Partial<NewGameplayRow>,
): Promise<GameplayRow> {
  const [row] = await db
    .update(gameplays)
    .set({ ...values, updated_at: new Date() })
    .where(eq(gameplays.id, id))
    .returning();
  return row!;
}

export async function deleteGameplayRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(gameplays).where(eq(gameplays.id, id));
}
