import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;

export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findMemberById(db: DbOrTx, id: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a member; null when the e-mail is taken (unique on lower(email)). */
export async function insertMember(
  db: DbOrTx,
  values: {
    fullname: string;
    email: string;
    phone: string;
    date_of_birth: string | null;
    password_hash: string;
  },
): Promise<MemberRow | null> {
  const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
