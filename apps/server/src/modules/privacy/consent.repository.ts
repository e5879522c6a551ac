import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberConsents, privacyNotices, users } from '../../db/schema';

export type PrivacyNoticeRow = typeof privacyNotices.$inferSelect;

/** The notice in force: the highest version, or null before any is saved. */
export async function latestNotice(db: DbOrTx): Promise<PrivacyNoticeRow | null> {
  const [row] = await db
    .select()
    .from(privacyNotices)
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  return row ?? null;
}

export async function findNotice(db: DbOrTx, version: number): Promise<PrivacyNoticeRow | null> {
  const [row] = await db.select().from(privacyNotices).where(eq(privacyNotices.version, version));
  return row ?? null;
}

/** Every version, newest first, with who saved it. */
export async function noticeVersions(db: DbOrTx) {
  return db
    .select({
      version: privacyNotices.version,
      created_at: privacyNotices.created_at,
      created_by_name: users.fullname,
    })
    .from(privacyNotices)
    .leftJoin(users, eq(users.id, privacyNotices.created_by))
    .orderBy(desc(privacyNotices.version))
    .limit(1000);
}

/**
 * Adds the next version. The unique version refuses a second save racing this one (the caller
 * answers it as a conflict), so no two texts ever share a number.
 */
export async function insertNotice(
  db: DbOrTx,
  content: string,
  createdBy: string | null,
): Promise<PrivacyNoticeRow | null> {
  const [row] = await db
    .insert(privacyNotices)
    .values({
      version: sql`(select coalesce(max(version), 0) + 1 from privacy_notices)`,
      content,
      created_by: createdBy,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function insertConsent(
  db: DbOrTx,
  consent: { memberId: string; version: number; ip: string | null },
) {
  await db
    .insert(memberConsents)
    .values({ member_id: consent.memberId, notice_version: consent.version, ip: consent.ip });
}

/** The highest version the member agreed to, or 0. */
export async function consentedVersion(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db
    .select({ version: sql<number | null>`max(${memberConsents.notice_version})` })
    .from(memberConsents)
    .where(eq(memberConsents.member_id, memberId));
  return Number(row?.version ?? 0);
}

/**
 * SQL true when a notice newer than the member's latest consent exists (false while there is no
 * notice at all): the member guard reads it with the session, in the same query.
 */
export const consentPendingSql = (memberId: unknown) => sql<boolean>`coalesce(
  (select max(version) from privacy_notices) >
  coalesce((select max(notice_version) from member_consents where member_id = ${memberId}), 0),
  false)`;
