import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

const userColumns = {
  id: users.id,
  fullname: users.fullname,
  email: users.email,
  phone: users.phone,
  role: users.role,
  password_hash: users.password_hash,
  is_active: users.is_active,
};

export type UserWithPassword = Awaited<ReturnType<typeof findUserByEmail>>;

/** By e-mail, ignoring case (the unique index is on `lower(email)`). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updatePasswordHash(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Replaces a weaker hash by a stronger one of the same password (at sign-in), only if it is still
 * the one that was checked: a password changed meanwhile is not overwritten. The row's
 * `updated_at` stays, since nothing the user sees changed.
 */
export async function upgradePasswordHash(
  db: DbOrTx,
  userId: string,
  checkedHash: string,
  strongerHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ password_hash: strongerHash, updated_at: sql`${users.updated_at}` })
    .where(and(eq(users.id, userId), eq(users.password_hash, checkedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A reset link valid for `minutes`, on the database clock. */
export async function insertPasswordReset(
  db: DbOrTx,
  input: { userId: string; tokenHash: string; minutes: number },
): Promise<void> {
  await db.insert(passwordResets).values({
    user_id: input.userId,
    token_hash: input.tokenHash,
    expires_at: sql`now() + make_interval(mins => ${input.minutes}::int)`,
  });
}

/** Reset links created for the user inside the last `minutes` (used or not). */
export async function countRecentPasswordResets(
  db: DbOrTx,
  userId: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.user_id, userId),
        gt(passwordResets.created_at, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    );
  return Number(row?.n ?? 0);
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResets.token_hash, tokenHash),
    isNull(passwordResets.used_at),
    gt(passwordResets.expires_at, sql`now()`),
  );

/** The active user of an unused, unexpired reset link, without using it up. */
export async function findUsablePasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResets.user_id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(and(usable(tokenHash), eq(users.is_active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses the link up in one conditional update, so two concurrent submissions cannot both pass.
 * Returns the user id, or null when the link was not (any longer) usable.
 */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(usable(tokenHash))
    .returning({ userId: passwordResets.user_id });
  return row?.userId ?? null;
}

/** Every still-open link of the user stops working (after a reset or a password change). */
export async function invalidatePasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
}
