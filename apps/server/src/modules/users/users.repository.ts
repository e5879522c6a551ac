import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RoleKey } from '@ajar/shared/common/roles';
import type {
  StaffListQueryParsed,
  TrainerListQueryParsed,
} from '@ajar/shared/users/users.schemas';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { likePattern } from '../programs/programs.repository';
import { facilitatedBy } from '../access/access.repository';

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

// ---- Staff accounts (superadmin) ----

/**
 * A trainer's assigned programs (distinct, by title) as a JSON array, aggregated in SQL through
 * `program_facilitators_user_idx`. Written with qualified names: Drizzle leaves columns
 * unqualified in a one-table select. Other roles answer `[]` (a leftover link does nothing).
 */
const assignedPrograms = sql<{ id: string; title: string }[]>`case when "users"."role" = 'trainer'
  then coalesce((
    select json_agg(json_build_object('id', p.id, 'title', p.title) order by lower(p.title), p.id)
    from programs p
    where ${facilitatedBy(sql`p.id`, sql`"users"."id"`)}
  ), '[]'::json)
  else '[]'::json end`.as('programs');

// The password hash is never selected for a reply.
const staffColumns = {
  id: users.id,
  fullname: users.fullname,
  email: users.email,
  phone: users.phone,
  role: users.role,
  is_active: users.is_active,
  created_at: users.created_at,
};

export type StaffRow = Awaited<ReturnType<typeof findStaff>> & object;

/** One page of staff accounts with the trainers' programs; filtering, sorting and paging in SQL. */
export async function listStaff(db: DbOrTx, filter: StaffListQueryParsed) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      or(
        sql`lower(${users.fullname}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
      )!,
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.is_active, filter.status === 'active'));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = filter.dir === 'asc' ? asc : desc;
  const sortKey = filter.sort === 'fullname' ? sql`lower(${users.fullname})` : users.created_at;

  const rows = await db
    .select({ ...staffColumns, programs: assignedPrograms })
    .from(users)
    .where(where)
    .orderBy(order(sortKey), order(users.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findStaff(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...staffColumns, programs: assignedPrograms })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** The account, locked for the rest of the transaction (role and status changes). */
export async function lockStaff(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, is_active: users.is_active })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Active superadmins, their rows locked so two concurrent demotions cannot both see "another one
 * is left".
 */
export async function lockActiveSuperadmins(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.is_active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.length;
}

export async function staffEmailTaken(db: DbOrTx, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new account; null when the e-mail is already taken (`users_email_key`). */
export async function insertStaff(
  db: DbOrTx,
  values: {
    fullname: string;
    email: string;
    phone: string | null;
    role: RoleKey;
    password_hash: string;
  },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, is_active: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row ?? null;
}

export async function updateStaff(
  db: DbOrTx,
  id: string,
  values: Partial<{
    fullname: string;
    email: string;
    phone: string | null;
    role: RoleKey;
    is_active: boolean;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(eq(users.id, id));
}
