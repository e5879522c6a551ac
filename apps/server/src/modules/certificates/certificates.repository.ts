import { and, asc, count, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { CertificateKind } from '@ajar/shared/certificates/certificates.constants';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  certificates,
  memberRedeems,
  members,
  programs,
  topics,
} from '../../db/schema';

/** Whether the program has a published post-test (in a published topic): graduation needs it passed. */
const hasPostTest = sql<boolean>`exists (
  select 1 from ${activities} join ${topics} on ${topics.id} = ${activities.topic_id}
  where ${activities.program_id} = ${memberRedeems.program_id}
    and ${activities.type} = 'post_test'
    and ${activities.status} = 'publish' and ${topics.status} = 'publish')`;

/** A redemption with what a certificate prints and what decides whether it may be issued. */
export async function findRedeem(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: memberRedeems.id,
      program_id: memberRedeems.program_id,
      license: memberRedeems.license,
      pmo_code: memberRedeems.pmo_code,
      progress: memberRedeems.progress,
      scores: memberRedeems.scores,
      meta: memberRedeems.meta,
      start_test_at: memberRedeems.start_test_at,
      end_test_at: memberRedeems.end_test_at,
      member: {
        id: members.id,
        fullname: members.fullname,
        phone: members.phone,
        email: members.email,
        date_of_birth: members.date_of_birth,
        meta: members.meta,
      },
      program_title: programs.title,
      is_prakerja: programs.is_prakerja,
      competence: programs.competence,
      has_post_test: hasPostTest,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(eq(memberRedeems.id, id))
    .limit(1);
  return row ?? null;
}
export type CertificateRedeemRow = NonNullable<Awaited<ReturnType<typeof findRedeem>>>;

export async function certificatesOfRedeem(db: DbOrTx, redeemId: string) {
  return db
    .select({
      kind: certificates.kind,
      number: certificates.number,
      issued_at: certificates.issued_at,
    })
    .from(certificates)
    .where(eq(certificates.member_redeem_id, redeemId))
    .orderBy(asc(certificates.kind));
}

export interface IssuedRow {
  member_redeem_id: string;
  number: string;
  issued_at: Date;
}

/** The certificates of `kind` already issued for these redemptions. */
export async function issuedFor(db: DbOrTx, kind: CertificateKind, redeemIds: string[]) {
  if (redeemIds.length === 0) return [];
  return db
    .select({
      member_redeem_id: certificates.member_redeem_id,
      number: certificates.number,
      issued_at: certificates.issued_at,
    })
    .from(certificates)
    .where(and(eq(certificates.kind, kind), inArray(certificates.member_redeem_id, redeemIds)));
}

/**
 * Inserts certificates, skipping any that conflict (already issued for the redemption and kind,
 * or, very rarely, a number already taken): the caller re-reads and retries what is missing.
 */
export async function insertIssued(
  db: DbOrTx,
  kind: CertificateKind,
  rows: { member_redeem_id: string; number: string }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(certificates)
    .values(rows.map((r) => ({ ...r, kind })))
    .onConflictDoNothing();
}

/** A certificate by its number, with only what the public verification shows. */
export async function findByNumber(db: DbOrTx, number: string) {
  const [row] = await db
    .select({
      number: certificates.number,
      kind: certificates.kind,
      issued_at: certificates.issued_at,
      end_test_at: memberRedeems.end_test_at,
      fullname: members.fullname,
      title: programs.title,
    })
    .from(certificates)
    .innerJoin(memberRedeems, eq(memberRedeems.id, certificates.member_redeem_id))
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(eq(certificates.number, number))
    .limit(1);
  return row ?? null;
}

/** The SQL form of the shared eligibility rules (`certificates.rules.ts`) for the bulk zip. */
function eligible(kind: CertificateKind): SQL {
  if (kind === 'participant') return isNotNull(memberRedeems.start_test_at);
  return and(
    eq(memberRedeems.progress, 100),
    sql`(not ${hasPostTest} or (${memberRedeems.scores} -> 'post_test' ->> 'passed') = 'true')`,
  )!;
}

/** One page (keyset on id) of a program's redemptions eligible for `kind`. */
export async function eligiblePage(
  db: DbOrTx,
  programId: string,
  kind: CertificateKind,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: memberRedeems.id,
      license: memberRedeems.license,
      end_test_at: memberRedeems.end_test_at,
      fullname: members.fullname,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .where(
      and(
        eq(memberRedeems.program_id, programId),
        eligible(kind),
        afterId ? gt(memberRedeems.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(memberRedeems.id))
    .limit(limit);
}

/** How many redemptions of the program qualify (a zip job's progress counts against it). */
export async function countEligible(db: DbOrTx, programId: string, kind: CertificateKind) {
  const [row] = await db
    .select({ n: count() })
    .from(memberRedeems)
    .where(and(eq(memberRedeems.program_id, programId), eligible(kind)));
  return row?.n ?? 0;
}

/** What every certificate of a program prints about the program. */
export async function programForCertificates(db: DbOrTx, programId: string) {
  const [row] = await db
    .select({
      title: programs.title,
      is_prakerja: programs.is_prakerja,
      competence: programs.competence,
    })
    .from(programs)
    .where(eq(programs.id, programId))
    .limit(1);
  return row ?? null;
}

/** Records an external certificate id on the redemption (`meta.sertificate_id`). */
export async function setSertificateId(db: DbOrTx, redeemId: string, sertificateId: string) {
  await db
    .update(memberRedeems)
    .set({
      meta: sql`${memberRedeems.meta} || jsonb_build_object('sertificate_id', ${sertificateId}::text)`,
    })
    .where(eq(memberRedeems.id, redeemId));
}
