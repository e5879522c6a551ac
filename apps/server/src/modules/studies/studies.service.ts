import type { Paged } from '@ajar/shared/common/envelope';
import type { Study } from '@ajar/shared/studies/studies.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './studies.repository';

export async function listStudies(
  db: Db,
  query: { q?: string; page: number; limit: number },
): Promise<Paged<Study>> {
  const { rows, total } = await repo.listStudies(db, query);
  return { list: rows, limit: query.limit, page: query.page, total };
}

/**
 * Creates a study field; a name that exists already (case-insensitive, trimmed) answers the
 * existing row instead of a second one.
 */
export async function createStudy(db: Db, title: string) {
  const row = await repo.insertOrFindStudy(db, title);
  // Only when the row was deleted between the insert and the read: nothing sensible to answer.
  if (!row) throw AppError.conflict('Bidang studi gagal disimpan, silakan coba lagi');
  return row;
}
