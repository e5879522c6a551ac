import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TrainerListQueryParsed } from '@ajar/shared/users/users.schemas';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { likePattern } from '../programs/programs.repository';

/**
 * Active trainer accounts, by name (then id, so pages never overlap), filtered by a search on
 * name and e-mail and by ids. Served by `users_role_idx`.
 */
export async function listActiveTrainers(db: DbOrTx, filter: TrainerListQueryParsed) {
  const conditions: SQL[] = [eq(users.role, 'trainer'), eq(users.is_active, true)];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      or(
        sql`lower(${users.fullname}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
      )!,
    );
  }
  if (filter.ids) conditions.push(inArray(users.id, filter.ids));
  const where = and(...conditions);

  const query = db
    .select({ id: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.fullname})`), asc(users.id));
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const total =
    filter.limit === -1
      ? rows.length
      : ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  return { rows, total };
}
