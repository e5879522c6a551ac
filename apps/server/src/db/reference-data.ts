import { count, eq } from 'drizzle-orm';
import type { Db } from './client';
import { studies, users } from './schema';
import { hashPassword } from '../lib/tokens';
import { ensurePrivacyNotice } from '../modules/privacy/default-notice';

/** The default study fields of spec 01 §3. */
export const defaultStudies = [
  'Bahasa Asing/Inggris',
  'Kuliner',
  'Pengembangan Diri',
  'Persiapan Kerja',
  'Strategi Marketing',
  'Teknologi Informasi',
  'Pertanian & Peternakan',
  'Lainnya',
];

/**
 * What every installation needs, demo or production, on its first start: the default study
 * fields and the first privacy notice. Later starts leave them as the staff left them.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await ensurePrivacyNotice(db);
  const [row] = await db.select({ n: count() }).from(studies);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(studies)
    .values(defaultStudies.map((title) => ({ title })))
    .onConflictDoNothing();
}

export interface FirstAdmin {
  email: string;
  password: string;
  fullname: string;
}

/**
 * A production installation has no demo accounts: `ADMIN_EMAIL` and `ADMIN_PASSWORD` create its
 * first superadmin, once, while there is none. Returns whether an account was created.
 */
export async function ensureFirstAdmin(db: Db, admin: FirstAdmin): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'superadmin'));
  if ((row?.n ?? 0) > 0) return false;
  const created = await db
    .insert(users)
    .values({
      email: admin.email.trim().toLowerCase(),
      fullname: admin.fullname,
      role: 'superadmin',
      password_hash: await hashPassword(admin.password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
}
