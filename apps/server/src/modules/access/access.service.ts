import { isProgramScoped } from '@ajar/shared/common/roles';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { RequestUser } from '../../plugins/auth';
import * as repo from './access.repository';

/**
 * Who asks, as every access rule reads it: the staff user's id and role. A trainer (a
 * program-scoped role) sees only the programs a facilitator entry links them to; an admin sees
 * all.
 */
export type Viewer = Pick<RequestUser, 'id' | 'role'>;

/**
 * The user a list or an export is scoped to: a trainer's own id (only their assigned programs),
 * undefined for roles that see every program. Repositories turn it into `facilitatedBy`.
 */
export function assignedScope(viewer: Viewer): string | undefined {
  return isProgramScoped(viewer.role) ? viewer.id : undefined;
}

/**
 * Of the given program ids, those the viewer may see (they exist and, for a trainer, are assigned
 * to them), checked in one query: the bulk form of `canSeeProgram` for a file or a list that
 * names several programs.
 */
export async function visiblePrograms(
  db: DbOrTx,
  viewer: Viewer,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const candidates = [...new Set(ids)].filter(isUuid);
  return new Set(await repo.existingProgramIds(db, candidates, assignedScope(viewer)));
}

/**
 * Every one of the program ids the viewer may see, or 404 (as `requireProgram` answers for one):
 * one query for a request that names several programs.
 */
export async function requirePrograms(db: DbOrTx, viewer: Viewer, ids: Iterable<string>) {
  const wanted = new Set(ids);
  const visible = await visiblePrograms(db, viewer, wanted);
  if (visible.size !== wanted.size) throw AppError.notFound();
}

/** Whether the viewer may see the program: it exists and, for a trainer, is assigned to them. */
export async function canSeeProgram(db: DbOrTx, viewer: Viewer, programId: string) {
  if (!isUuid(programId)) return false;
  const status = await repo.programStatus(db, programId);
  if (!status) return false;
  return !isProgramScoped(viewer.role) || repo.isProgramAssigned(db, programId, viewer.id);
}

/**
 * The program the viewer may see, with its status; anything else is 404 (a record outside a
 * trainer's scope answers as if it did not exist, so no id leaks). The one check every staff route
 * that names a program goes through.
 */
export async function requireProgram(db: DbOrTx, viewer: Viewer, programId: string) {
  if (!isUuid(programId)) throw AppError.notFound();
  const status = await repo.programStatus(db, programId);
  if (!status) throw AppError.notFound();
  if (isProgramScoped(viewer.role) && !(await repo.isProgramAssigned(db, programId, viewer.id))) {
    throw AppError.notFound();
  }
  return { status };
}
