import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberDataExports } from '../../db/schema';

export type MemberDataExportRow = typeof memberDataExports.$inferSelect;

export async function insertExport(db: DbOrTx, memberId: string) {
  const [row] = await db.insert(memberDataExports).values({ member_id: memberId }).returning();
  return row!;
}

export async function latestExport(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select()
    .from(memberDataExports)
    .where(eq(memberDataExports.member_id, memberId))
    .orderBy(desc(memberDataExports.created_at))
    .limit(1);
  return row ?? null;
}

export async function findExport(db: DbOrTx, id: string) {
  const [row] = await db.select().from(memberDataExports).where(eq(memberDataExports.id, id));
  return row ?? null;
}

export async function updateExport(
  db: DbOrTx,
  id: string,
  set: Partial<Omit<MemberDataExportRow, 'id' | 'member_id'>>,
) {
  await db
    .update(memberDataExports)
    .set({ ...set, updated_at: new Date() })
    .where(eq(memberDataExports.id, id));
}

/**
 * Takes the member's one download of a done export: the update checks it was not taken yet and
 * has not expired, so two parallel requests serve the file once.
 */
export async function claimDownload(db: DbOrTx, memberId: string, id: string) {
  const [row] = await db
    .update(memberDataExports)
    .set({ downloaded_at: new Date() })
    .where(
      and(
        eq(memberDataExports.id, id),
        eq(memberDataExports.member_id, memberId),
        eq(memberDataExports.status, 'done'),
        isNull(memberDataExports.downloaded_at),
        gt(memberDataExports.expires_at, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Exports whose file is still stored but no longer needed (downloaded or expired). */
export async function spentExportFiles(db: DbOrTx, limit = 100) {
  return db
    .select({ id: memberDataExports.id, storage_key: memberDataExports.storage_key })
    .from(memberDataExports)
    .where(
      and(
        sql`${memberDataExports.storage_key} is not null`,
        or(
          lt(memberDataExports.expires_at, new Date()),
          sql`${memberDataExports.downloaded_at} is not null`,
        ),
      ),
    )
    .limit(limit);
}

type Rows = Record<string, unknown>[];

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Rows> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Rows }).rows;
}

/**
 * Everything the system holds about one member, one list of rows per kind (the zip's JSON
 * files). Secrets are left out: the password hash, session and link token hashes.
 */
export async function memberData(db: DbOrTx, memberId: string) {
  const redeems = sql`(select id from member_redeems where member_id = ${memberId})`;
  const profile = await rows(
    db,
    sql`select id, fullname, email, phone, date_of_birth, education_level, meta, photo_url,
          email_verified_at, last_seen_at, created_at, updated_at
        from members where id = ${memberId}`,
  );
  const data = {
    profil: profile,
    redeem_program: await rows(
      db,
      sql`select r.*, p.title as program_title from member_redeems r
          join programs p on p.id = r.program_id where r.member_id = ${memberId}
          order by r.created_at`,
    ),
    progres_aktivitas: await rows(
      db,
      sql`select * from activity_progress where member_redeem_id in ${redeems} order by created_at`,
    ),
    kuis: await rows(
      db,
      sql`select * from quiz_attempts where member_redeem_id in ${redeems} order by created_at`,
    ),
    kuis_popup: await rows(
      db,
      sql`select * from popup_answers where member_redeem_id in ${redeems} order by created_at`,
    ),
    kehadiran: await rows(
      db,
      sql`select * from attendances where member_id = ${memberId} order by created_at`,
    ),
    sertifikat: await rows(
      db,
      sql`select * from certificates where member_redeem_id in ${redeems} order by created_at`,
    ),
    diskusi: await rows(
      db,
      sql`select * from discussions where member_id = ${memberId} order by created_at`,
    ),
    chat: await rows(
      db,
      sql`select m.* from chat_messages m join chat_rooms r on r.id = m.room_id
          where r.member_id = ${memberId} order by m.created_at`,
    ),
    notifikasi: await rows(
      db,
      sql`select * from member_notifications where member_id = ${memberId} order by created_at`,
    ),
    catatan_belajar: await rows(
      db,
      sql`select * from learning_events where member_id = ${memberId} order by created_at`,
    ),
    permintaan_unduh_data: await rows(
      db,
      sql`select id, status, created_at, finished_at, downloaded_at from member_data_exports
          where member_id = ${memberId} order by created_at`,
    ),
  };
  return data;
}

/** The files the member uploaded (practice work, profile photo): name in the zip and key. */
export async function memberFiles(db: DbOrTx, memberId: string) {
  const work = await rows(
    db,
    sql`select ap.id, ap.work_file_key as key, ap.work_file_name as name
        from activity_progress ap join member_redeems r on r.id = ap.member_redeem_id
        where r.member_id = ${memberId} and ap.work_file_key is not null`,
  );
  const photo = await rows(
    db,
    sql`select md.id, md.storage_key as key, 'foto-profil' as name
        from members m join media md on md.id = m.photo_media_id where m.id = ${memberId}`,
  );
  return [...work, ...photo].map((row) => ({
    id: String(row.id),
    key: String(row.key),
    name: String(row.name ?? 'file'),
  }));
}
