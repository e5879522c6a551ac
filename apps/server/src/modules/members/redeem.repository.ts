import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberRedeems, members, programs, resellers } from '../../db/schema';

/** An active reseller by referral code (codes are compared without case and spaces). */
export async function findActiveResellerByReferral(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: resellers.id })
    .from(resellers)
    .where(
      and(
        eq(sql`upper(${resellers.referral_code})`, code.trim().toUpperCase()),
        eq(resellers.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Locks the member row: one member's redeems run one after another. */
export async function lockMember(db: DbOrTx, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return rows.length > 0;
}

export async function programStatus(db: DbOrTx, programId: string) {
  const [row] = await db
    .select({ status: programs.status })
    .from(programs)
    .where(eq(programs.id, programId));
  return row?.status ?? null;
}

export async function memberHasProgram(db: DbOrTx, memberId: string, programId: string) {
  const [row] = await db
    .select({ id: memberRedeems.id })
    .from(memberRedeems)
    .where(and(eq(memberRedeems.member_id, memberId), eq(memberRedeems.program_id, programId)))
    .limit(1);
  return Boolean(row);
}

/** The program already has a redemption with this redeem code (any letter case). */
export async function pmoCodeTaken(db: DbOrTx, programId: string, pmoCode: string) {
  const [row] = await db
    .select({ id: memberRedeems.id })
    .from(memberRedeems)
    .where(
      and(
        eq(memberRedeems.program_id, programId),
        sql`lower(${memberRedeems.pmo_code}) = lower(${pmoCode})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A new redemption; null when the license is already a redemption or the program already has
 * the redeem code (the unique indexes, also under concurrent requests).
 */
export async function insertRedeem(
  db: DbOrTx,
  values: {
    memberId: string;
    programId: string;
    resellerId: string | null;
    license: string;
    pmoCode: string;
  },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(memberRedeems)
    .values({
      member_id: values.memberId,
      program_id: values.programId,
      reseller_id: values.resellerId,
      license: values.license,
      pmo_code: values.pmoCode,
      // The reseller's gift flag starts off (spec 01 §9: 'true'/'false' strings).
      meta: values.resellerId ? { gift: 'false' } : {},
    })
    .onConflictDoNothing()
    .returning({ id: memberRedeems.id });
  return row ?? null;
}

const myProgramColumns = {
  id: memberRedeems.id,
  license: memberRedeems.license,
  pmo_code: memberRedeems.pmo_code,
  progress: memberRedeems.progress,
  scores: memberRedeems.scores,
  start_test_at: memberRedeems.start_test_at,
  end_test_at: memberRedeems.end_test_at,
  created_at: memberRedeems.created_at,
  program_id: programs.id,
  program_title: programs.title,
  program_type: programs.type,
  program_cover: programs.cover_url,
  program_is_prakerja: programs.is_prakerja,
  program_competence: programs.competence,
  reseller_id: resellers.id,
  reseller_fullname: resellers.fullname,
  reseller_referral_code: resellers.referral_code,
};

export type MyProgramRow = {
  id: string;
  license: string;
  pmo_code: string | null;
  progress: number;
  scores: Record<string, unknown>;
  start_test_at: Date | null;
  end_test_at: Date | null;
  created_at: Date;
  program_id: string;
  program_title: string;
  program_type: string;
  program_cover: string | null;
  program_is_prakerja: boolean;
  program_competence: string[];
  reseller_id: string | null;
  reseller_fullname: string | null;
  reseller_referral_code: string | null;
};

function myProgramQuery(db: DbOrTx) {
  return db
    .select(myProgramColumns)
    .from(memberRedeems)
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .leftJoin(resellers, eq(resellers.id, memberRedeems.reseller_id));
}

/** The member's redemptions, newest first. */
export async function listMyRedeems(
  db: DbOrTx,
  memberId: string,
  page: { page: number; limit: number },
): Promise<{ rows: MyProgramRow[]; total: number }> {
  const where = eq(memberRedeems.member_id, memberId);
  let query = myProgramQuery(db)
    .where(where)
    .orderBy(desc(memberRedeems.created_at), desc(memberRedeems.id))
    .$dynamic();
  if (page.limit > 0) query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  const [rows, [total]] = await Promise.all([
    query,
    db.select({ n: count() }).from(memberRedeems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The member's redemption of a program, or null (not redeemed by this member). */
export async function findMyRedeem(
  db: DbOrTx,
  memberId: string,
  programId: string,
): Promise<MyProgramRow | null> {
  const [row] = await myProgramQuery(db)
    .where(and(eq(memberRedeems.member_id, memberId), eq(memberRedeems.program_id, programId)))
    .orderBy(desc(memberRedeems.created_at))
    .limit(1);
  return row ?? null;
}
