import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { activityProgress, memberRedeems, members } from '../../db/schema';
import type { Storage } from '../../lib/storage';

/**
 * Participant rows straight in the database, for the staff side's tests. The member API (its
 * own factory) makes the same rows through the real flows; these only set what a test reads.
 */
export async function buildMember(
  db: Db,
  overrides: Partial<{
    fullname: string;
    email: string;
    phone: string | null;
    date_of_birth: string | null;
    meta: Record<string, unknown>;
  }> = {},
) {
  const [row] = await db
    .insert(members)
    .values({
      fullname: overrides.fullname ?? `Peserta ${randomUUID().slice(0, 6)}`,
      email: overrides.email ?? `peserta-${randomUUID().slice(0, 8)}@contoh.id`,
      phone:
        overrides.phone === undefined
          ? `62812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
          : overrides.phone,
      date_of_birth: overrides.date_of_birth ?? '1990-05-17',
      meta: overrides.meta ?? { code: `PST${randomUUID().slice(0, 4)}` },
    })
    .returning();
  return row!;
}

/** A redemption of the program by the member (a new member when none is given). */
export async function buildRedeem(
  db: Db,
  programId: string,
  overrides: Partial<{
    memberId: string;
    license: string;
    pmo_code: string;
    progress: number;
    scores: Record<string, unknown>;
    created_at: Date;
    start_test_at: Date | null;
    end_test_at: Date | null;
  }> = {},
) {
  const memberId = overrides.memberId ?? (await buildMember(db)).id;
  const [row] = await db
    .insert(memberRedeems)
    .values({
      member_id: memberId,
      program_id: programId,
      license: overrides.license ?? `AJR-${randomUUID().slice(0, 8).toUpperCase()}`,
      pmo_code: overrides.pmo_code ?? `PMO${randomUUID().slice(0, 8).toUpperCase()}`,
      progress: overrides.progress ?? 0,
      scores: overrides.scores ?? {},
      start_test_at: overrides.start_test_at ?? null,
      end_test_at: overrides.end_test_at ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returning();
  return row!;
}

/** Marks an activity complete for a redemption. */
export async function completeActivity(
  db: Db,
  redeem: { id: string; program_id: string },
  activity: { id: string; topic_id: string },
) {
  await db
    .insert(activityProgress)
    .values({
      member_redeem_id: redeem.id,
      program_id: redeem.program_id,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      is_complete: true,
      completed_at: new Date(),
    })
    .onConflictDoUpdate({
      target: [activityProgress.member_redeem_id, activityProgress.activity_id],
      set: { is_complete: true, completed_at: new Date() },
    });
}

/** Practice work uploaded by the participant: the file in storage and its progress row. */
export async function buildWork(
  db: Db,
  storage: Storage,
  redeem: { id: string; program_id: string },
  activity: { id: string; topic_id: string },
  options: { name?: string; body?: string; note?: string } = {},
) {
  const body = Buffer.from(options.body ?? '%PDF-1.4\n% tugas peserta\n');
  const key = `work/${randomUUID()}.pdf`;
  await storage.put(key, Readable.from([body]));
  await db.insert(activityProgress).values({
    member_redeem_id: redeem.id,
    program_id: redeem.program_id,
    topic_id: activity.topic_id,
    activity_id: activity.id,
    is_complete: true,
    completed_at: new Date(),
    work_file_key: key,
    work_file_name: options.name ?? 'tugas-praktek.pdf',
    work_file_size: body.length,
    work_file_type: 'application/pdf',
    work_note: options.note ?? 'Berikut tugas saya',
    work_uploaded_at: new Date(),
  });
  return { key, body };
}
