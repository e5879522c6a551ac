import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberDataExports, memberDeletionRequests, members } from '../../db/schema';

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
    persetujuan_privasi: await rows(
      db,
      sql`select notice_version, ip, created_at from member_consents
          where member_id = ${memberId} order by created_at`,
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

// ---- 'Hapus akun' -------------------------------------------------------------------------

export type DeletionRequestRow = typeof memberDeletionRequests.$inferSelect;

export async function pendingRequestOf(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select()
    .from(memberDeletionRequests)
    .where(
      and(
        eq(memberDeletionRequests.member_id, memberId),
        eq(memberDeletionRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDeletionRequest(db: DbOrTx, memberId: string, dueAt: Date) {
  const [row] = await db
    .insert(memberDeletionRequests)
    .values({ member_id: memberId, due_at: dueAt })
    .returning();
  return row!;
}

export async function setRequestStatus(
  db: DbOrTx,
  id: string,
  set: { status: 'erased' | 'cancelled'; erased_at?: Date; confirmed_by?: string | null },
) {
  const [row] = await db
    .update(memberDeletionRequests)
    .set({ ...set, updated_at: new Date() })
    .where(and(eq(memberDeletionRequests.id, id), eq(memberDeletionRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function findDeletionRequest(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(memberDeletionRequests)
    .where(eq(memberDeletionRequests.id, id));
  return row ?? null;
}

export async function listDeletionRequests(db: DbOrTx, status: string) {
  return db
    .select({
      id: memberDeletionRequests.id,
      member_id: memberDeletionRequests.member_id,
      status: memberDeletionRequests.status,
      created_at: memberDeletionRequests.created_at,
      due_at: memberDeletionRequests.due_at,
      erased_at: memberDeletionRequests.erased_at,
      fullname: members.fullname,
      email: members.email,
    })
    .from(memberDeletionRequests)
    .innerJoin(members, eq(members.id, memberDeletionRequests.member_id))
    .where(eq(memberDeletionRequests.status, status))
    .orderBy(memberDeletionRequests.due_at)
    .limit(500);
}

/** Pending requests whose cooling-off has passed. */
export async function dueRequests(db: DbOrTx, now: Date, limit = 50) {
  return db
    .select()
    .from(memberDeletionRequests)
    .where(
      and(eq(memberDeletionRequests.status, 'pending'), lt(memberDeletionRequests.due_at, now)),
    )
    .limit(limit);
}

/**
 * Erases a member's personal data in one transaction (docs/decisions.md, "Erasing a
 * participant's account") and answers the storage keys to remove once it is committed, and the
 * sessions to end. What stays for the provider's duties (scores, progress, attendance, issued
 * certificates with their own copy of the name) stays, tied to a member row without identity.
 */
export async function eraseMember(
  tx: DbOrTx,
  member: { id: string; fullname: string; email: string },
  replacement: { name: string; email: string; text: string },
) {
  const id = member.id;
  const keys: string[] = [];
  const collect = (result: unknown) => {
    for (const row of (result as { rows: { key: string | null }[] }).rows) {
      if (row.key) keys.push(row.key);
    }
  };
  collect(
    await tx.execute(sql`
      select ap.work_file_key as key from activity_progress ap
      join member_redeems r on r.id = ap.member_redeem_id
      where r.member_id = ${id} and ap.work_file_key is not null`),
  );
  collect(
    await tx.execute(sql`
      select md.storage_key as key from members m join media md on md.id = m.photo_media_id
      where m.id = ${id}`),
  );
  collect(
    await tx.execute(sql`
      select storage_key as key from member_data_exports
      where member_id = ${id} and storage_key is not null`),
  );
  await tx.execute(sql`
    update activity_progress set work_file_key = null, work_file_name = null,
      work_file_type = null, work_note = null
    where member_redeem_id in (select id from member_redeems where member_id = ${id})`);
  await tx.execute(sql`
    delete from media where id = (select photo_media_id from members where id = ${id})`);
  await tx.execute(sql`
    update members set fullname = ${replacement.name}, email = ${replacement.email}, phone = null,
      date_of_birth = null, education_level = null, password_hash = null, meta = '{}'::jsonb,
      photo_media_id = null, photo_url = null, email_verified_at = null, updated_at = now()
    where id = ${id}`);
  await tx.execute(sql`
    update chat_messages set message = ${replacement.text}
    where room_id in (select id from chat_rooms where member_id = ${id})`);
  await tx.execute(sql`
    update discussions set content = ${replacement.text}, author_name = ${replacement.name}
    where member_id = ${id}`);
  await tx.execute(sql`
    update trainer_notifications
    set title = replace(title, ${member.fullname}, ${replacement.name}),
      description = replace(description, ${member.fullname}, ${replacement.name})
    where member_id = ${id}`);
  const sessions = await tx.execute(sql`
    delete from member_sessions where member_id = ${id} returning id`);
  await tx.execute(sql`delete from member_push_subscriptions where member_id = ${id}`);
  await tx.execute(sql`delete from member_password_resets where member_id = ${id}`);
  await tx.execute(sql`delete from member_email_verifications where member_id = ${id}`);
  await tx.execute(sql`delete from member_idempotency_keys where member_id = ${id}`);
  await tx.execute(sql`delete from member_data_exports where member_id = ${id}`);
  // The consents stay as the record of what was agreed; the address they came from goes.
  await tx.execute(sql`update member_consents set ip = null where member_id = ${id}`);
  // The addresses the member had (staff may have changed it: the audit trail says which), before
  // the trail forgets them.
  const earlier = (await tx.execute(sql`
    select distinct lower(before->>'email') as email from audit_events
    where subject_type = 'member' and subject_id = ${id} and action = 'member.email_changed'
      and before->>'email' is not null`)) as unknown as { rows: { email: string }[] };
  const addresses = [member.email.toLowerCase(), ...earlier.rows.map((r) => r.email)];
  await deidentifyAuditEntries(tx, member, replacement);
  // Sign-in throttle rows are keyed by the address (login-throttle.service.ts).
  for (const address of new Set(addresses)) {
    await tx.execute(sql`
      delete from login_failures where position(${address} in lower(key)) > 0`);
  }
  const sessionIds = (sessions as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  return { keys, sessionIds };
}

/** Keys of audit before/after values that name a person, and what each becomes at erasure. */
const personalAuditKeys = ['email', 'fullname', 'name', 'phone'] as const;

/**
 * The audit entries about the member keep what happened, not who it was: their before/after
 * values under a personal key (an e-mail staff changed, a name) become the erased values, and
 * any other value holding the current address has it replaced. The append-only trigger allows
 * exactly this rewrite, only while `ajar.erasure` names the member, in this transaction
 * (docs/decisions.md, "Erasing a participant's account: the audit trail").
 */
async function deidentifyAuditEntries(
  tx: DbOrTx,
  member: { id: string; email: string },
  replacement: { name: string; email: string },
) {
  const values = sql`jsonb_build_object(
    'email', ${replacement.email}::text, 'fullname', ${replacement.name}::text,
    'name', ${replacement.name}::text, 'phone', null)`;
  const keys = sql.raw(`array[${personalAuditKeys.map((k) => `'${k}'`).join(', ')}]`);
  const rewrite = (column: 'before' | 'after') => {
    const col = sql.identifier(column);
    return sql`case when ${col} is null then null else replace(
      ((${col} - ${keys}) || (${values} - array(
        select k from unnest(${keys}) k where not ${col} ? k)))::text,
      ${member.email}, ${replacement.email})::jsonb end`;
  };
  await tx.execute(sql`select set_config('ajar.erasure', ${member.id}, true)`);
  await tx.execute(sql`
    update audit_events set before = ${rewrite('before')}, after = ${rewrite('after')}
    where subject_type = 'member' and subject_id = ${member.id}
      and (before is not null or after is not null)`);
  await tx.execute(sql`select set_config('ajar.erasure', '', true)`);
}
