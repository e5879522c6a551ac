import { and, asc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { programFacilitators, programs, users } from '../../db/schema';

/**
 * The programs a staff user is assigned to, as a condition on a program id column or
 * expression: a facilitator entry links them (the one place this join is written). The user is
 * an id, or a column of an outer query (each staff row's own programs).
 */
export function facilitatedBy(programId: AnyColumn | SQL, userId: string | AnyColumn | SQL): SQL {
  return sql`${programId} in (select ${programFacilitators.program_id} from ${programFacilitators} where ${programFacilitators.user_id} = ${userId})`;
}

/**
 * The list filter of every staff list: with a scope (a trainer's id, from `assignedScope`) only
 * the programs a facilitator entry links them to; without one, no condition (`and()` drops it).
 */
export function inAssignedPrograms(
  programId: AnyColumn | SQL,
  assignedUserId: string | undefined,
): SQL | undefined {
  return assignedUserId === undefined ? undefined : facilitatedBy(programId, assignedUserId);
}

/** The user ids a facilitator entry links to the program, as a subquery (`id in (…)`). */
export function facilitatorUserIds(programId: string | SQL): SQL {
  return sql`select ${programFacilitators.user_id} from ${programFacilitators} where ${programFacilitators.program_id} = ${programId}`;
}

/** Of the given program ids, those that exist and pass the scope, in one query. */
export async function existingProgramIds(
  db: DbOrTx,
  ids: string[],
  assignedUserId: string | undefined,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(inArray(programs.id, ids), inAssignedPrograms(programs.id, assignedUserId)));
  return rows.map((r) => r.id);
}

/** The program's status, undefined when there is no such program. */
export async function programStatus(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: programs.status })
    .from(programs)
    .where(eq(programs.id, id));
  return row?.status;
}

/** Whether a facilitator entry of the program is linked to the user. */
export async function isProgramAssigned(db: DbOrTx, programId: string, userId: string) {
  const [row] = await db
    .select({ id: programFacilitators.id })
    .from(programFacilitators)
    .where(
      and(eq(programFacilitators.program_id, programId), eq(programFacilitators.user_id, userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The program's trainers: active staff users linked to a facilitator entry, first linked first. */
export async function programTrainerIds(db: DbOrTx, programId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(programFacilitators)
    .innerJoin(users, eq(users.id, programFacilitators.user_id))
    .where(
      and(
        eq(programFacilitators.program_id, programId),
        isNotNull(programFacilitators.user_id),
        eq(users.is_active, true),
      ),
    )
    .orderBy(asc(programFacilitators.created_at), asc(programFacilitators.id));
  return [...new Set(rows.map((r) => r.id))];
}
