import type { Paged } from '@ajar/shared/common/envelope';
import type { TrainerAccount, TrainerListQueryParsed } from '@ajar/shared/users/users.schemas';
import type { Db } from '../../db/client';
import * as repo from './users.repository';

/**
 * `GET /api/users/v1/trainers`: the active trainer accounts a program's facilitator may be linked
 * to (linking assigns the trainer to the program, DESIGN §4). An empty `ids` list finds nothing.
 */
export async function listTrainers(
  db: Db,
  query: TrainerListQueryParsed,
): Promise<Paged<TrainerAccount>> {
  if (query.ids && query.ids.length === 0) {
    return { list: [], limit: query.limit, page: query.page, total: 0 };
  }
  const { rows, total } = await repo.listActiveTrainers(db, query);
  return { list: rows, limit: query.limit, page: query.page, total };
}
