import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CertificateKind } from '@ajar/shared/certificates/certificates.constants';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  certificates,
  memberRedeems,
  members,
  programs,
  topics,
  users,
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

/** What a certificate states and its state: everything its PDF and its pages print. */
const certificateColumns = {
  id: certificates.id,
  member_redeem_id: certificates.member_redeem_id,
  kind: certificates.kind,
  number: certificates.number,
  issued_at: certificates.issued_at,
  fullname: certificates.fullname,
  program_title: certificates.program_title,
  program_minutes: certificates.program_minutes,
  competences: certificates.competences,
  template: certificates.template,
  certificate_date: certificates.certificate_date,
  valid_until: certificates.valid_until,
  status: certificates.status,
  replaces_id: certificates.replaces_id,
  status_reason: certificates.status_reason,
  status_changed_at: certificates.status_changed_at,
};
export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findByNumber>>>;

const replacement = alias(certificates, 'replacement');
const replaced = alias(certificates, 'replaced');

/** Every certificate of a redemption, the ones replaced too, newest first per kind. */
export async function certificatesOfRedeem(db: DbOrTx, redeemId: string) {
  return db
    .select({
      ...certificateColumns,
      replaces: replaced.number,
      replaced_by: replacement.number,
      changed_by: users.fullname,
    })
    .from(certificates)
    .leftJoin(replaced, eq(replaced.id, certificates.replaces_id))
    .leftJoin(replacement, eq(replacement.replaces_id, certificates.id))
    .leftJoin(users, eq(users.id, certificates.status_changed_by))
    .where(eq(certificates.member_redeem_id, redeemId))
    .orderBy(asc(certificates.kind), desc(certificates.issued_at));
}

/**
 * The certificates of `kind` in force (valid or revoked, never a replaced one) of these
 * redemptions.
 */
export async function issuedFor(
  db: DbOrTx,
  kind: CertificateKind,
  redeemIds: string[],
): Promise<CertificateRow[]> {
  if (redeemIds.length === 0) return [];
  return db
    .select(certificateColumns)
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, kind),
        inArray(certificates.member_redeem_id, redeemIds),
        ne(certificates.status, 'replaced'),
      ),
    );
}

/** Minutes of learning of a program: the estimates of its published activities (published topics). */
const programMinutes = sql<number>`coalesce((
  select round(sum((${activities.settings} ->> 'estimated_duration')::numeric))::integer
  from ${activities} join ${topics} on ${topics.id} = ${activities.topic_id}
  where ${activities.program_id} = ${programs.id}
    and ${activities.status} = 'publish' and ${topics.status} = 'publish'
    and (${activities.settings} ->> 'estimated_duration') ~ '^[0-9]+(\\.[0-9]+)?$'
), 0)`.mapWith(Number);

/**
 * What a certificate issued now would state, per redemption: today's name, program and dates.
 * Kept on the certificate at issue (the migration that added the copy used the same rules).
 */
export async function snapshotsFor(db: DbOrTx, redeemIds: string[]) {
  if (redeemIds.length === 0) return [];
  return db
    .select({
      member_redeem_id: memberRedeems.id,
      member_id: memberRedeems.member_id,
      program_id: memberRedeems.program_id,
      end_test_at: memberRedeems.end_test_at,
      fullname: members.fullname,
      program_title: programs.title,
      program_minutes: programMinutes,
      competences: programs.competence,
      is_prakerja: programs.is_prakerja,
      certificate_validity: programs.certificate_validity,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(inArray(memberRedeems.id, redeemIds));
}

export type NewCertificate = typeof certificates.$inferInsert;

/**
 * Inserts certificates, skipping any that conflict (already issued for the redemption and kind,
 * or, very rarely, a number already taken): answers the rows inserted; the caller re-reads and
 * retries what is missing.
 */
export async function insertIssued(db: DbOrTx, rows: NewCertificate[]) {
  if (rows.length === 0) return [];
  return db.insert(certificates).values(rows).onConflictDoNothing().returning({
    id: certificates.id,
    member_redeem_id: certificates.member_redeem_id,
    number: certificates.number,
  });
}

/** A certificate with its redemption's member and program (for the access check and records). */
export async function findCertificate(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...certificateColumns,
      member_id: memberRedeems.member_id,
      program_id: memberRedeems.program_id,
    })
    .from(certificates)
    .innerJoin(memberRedeems, eq(memberRedeems.id, certificates.member_redeem_id))
    .where(eq(certificates.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a valid certificate replaced or revoked; answers false when it was not valid any more
 * (changed meanwhile by someone else).
 */
export async function changeStatus(
  db: DbOrTx,
  id: string,
  change: { status: 'replaced' | 'revoked'; reason: string; by: string },
) {
  const rows = await db
    .update(certificates)
    .set({
      status: change.status,
      status_reason: change.reason,
      status_changed_at: sql`now()`,
      status_changed_by: change.by,
      updated_at: sql`now()`,
    })
    .where(and(eq(certificates.id, id), eq(certificates.status, 'valid')))
    .returning({ id: certificates.id, at: certificates.status_changed_at });
  return rows[0] ?? null;
}

/** A certificate by its number, with what the public verification shows. */
export async function findByNumber(db: DbOrTx, number: string) {
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .where(eq(certificates.number, number))
    .limit(1);
  return row ?? null;
}

/** A certificate's number. */
export async function findCertificateNumber(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ number: certificates.number })
    .from(certificates)
    .where(eq(certificates.id, id))
    .limit(1);
  return row?.number ?? null;
}

/** The certificate that replaced this one (its correction), if any. */
export async function replacementOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: certificates.id, number: certificates.number, status: certificates.status })
    .from(certificates)
    .where(eq(certificates.replaces_id, id))
    .limit(1);
  return row ?? null;
}

/** The SQL form of the shared eligibility rules (`certificates.rules.ts`) for the bulk zip. */
function eligible(kind: CertificateKind): SQL {
  // A revoked certificate is never issued again, nor put in a zip.
  const notRevoked = sql`not exists (
    select 1 from ${certificates} where ${certificates.member_redeem_id} = ${memberRedeems.id}
      and ${certificates.kind} = ${kind} and ${certificates.status} = 'revoked')`;
  if (kind === 'participant') return and(isNotNull(memberRedeems.start_test_at), notRevoked)!;
  return and(
    eq(memberRedeems.progress, 100),
    sql`(not ${hasPostTest} or (${memberRedeems.scores} -> 'post_test' ->> 'passed') = 'true')`,
    notRevoked,
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
