import type { z } from 'zod';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import type {
  CertificateRedeemDetail,
  certificateCorrectBodySchema,
  CertificateRevokeBody,
  IssuedCertificate,
} from '@ajar/shared/certificates/certificates.schemas';
import { zoneDateKey } from '@ajar/shared/common/datetime';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  certificateExpired,
  graduationRefusal,
  oneYearValidity,
  participantRefusal,
} from '@ajar/shared/certificates/certificates.rules';
import { serverNow } from '../../lib/clock';
import { requireProgram, type Viewer } from '../access/access.service';
import { recordAuditEvent } from '../records/audit-trail.service';
import { recordLearningEvent } from '../records/records.service';
import * as repo from './certificates.repository';
import { newCertificateNumber, visibleRedeem } from './certificates.service';

type CertificateCorrectBodyOutput = z.output<typeof certificateCorrectBodySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A certificate as the staff page lists it: what it states, its state and its history. */
function toIssued(
  c: Awaited<ReturnType<typeof repo.certificatesOfRedeem>>[number],
): IssuedCertificate {
  return {
    id: c.id,
    kind: c.kind,
    number: c.number,
    issued_at: c.certificate_date.toISOString(),
    created_at: c.issued_at.toISOString(),
    valid_until: iso(c.valid_until),
    expired: certificateExpired(c.valid_until, serverNow()),
    status: c.status,
    fullname: c.fullname,
    program_title: c.program_title,
    program_minutes: c.program_minutes,
    template: c.template,
    change:
      c.status !== 'valid' && c.status_changed_at
        ? { reason: c.status_reason ?? '', at: c.status_changed_at.toISOString(), by: c.changed_by }
        : null,
    replaces: c.replaces,
    replaced_by: c.replaced_by,
  };
}

/** `GET /api/users/v1/member_redeem/detail/{id}`: the redemption the certificate page reads. */
export async function getRedeemDetail(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
): Promise<CertificateRedeemDetail> {
  const row = await visibleRedeem(db, viewer, id);
  const issued = await repo.certificatesOfRedeem(db, id);
  const code = row.member.meta.code;
  const sertificateId = row.meta.sertificate_id;
  return {
    id: row.id,
    license: row.license,
    pmo_code: row.pmo_code,
    member: {
      id: row.member.id,
      fullname: row.member.fullname,
      phone: row.member.phone,
      email: row.member.email,
      date_of_birth: row.member.date_of_birth,
      meta: { code: typeof code === 'string' && code !== '' ? code : null },
    },
    program: {
      id: row.program_id,
      title: row.program_title,
      is_prakerja: row.is_prakerja,
      learning_targets: { competence: row.competence },
    },
    results: { progress: row.progress, scores: row.scores },
    start_test_at: iso(row.start_test_at),
    end_test_at: iso(row.end_test_at),
    sertificate_id: typeof sertificateId === 'string' ? sertificateId : null,
    certificates: issued.map(toIssued),
    refusals: { participant: participantRefusal(row), graduation: graduationRefusal(row) },
  };
}

/** A certificate staff may change: theirs to see (404 otherwise) and still valid (409). */
async function changeableCertificate(db: DbOrTx, viewer: Viewer, id: string) {
  const cert = await repo.findCertificate(db, id);
  if (!cert) throw AppError.notFound(certificateMessages.notFound);
  await requireProgram(db, viewer, cert.program_id);
  if (cert.status !== 'valid') throw AppError.conflict(certificateMessages.notValidAnyMore);
  return cert;
}

/** `YYYY-MM-DD` (a Jakarta calendar day) as the instant of its midnight in Jakarta. */
const jakartaMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** What a correction may change, as the certificate states it. */
function correctable(c: {
  fullname: string;
  program_title: string;
  program_minutes: number;
  certificate_date: Date;
}) {
  return {
    fullname: c.fullname,
    program_title: c.program_title,
    program_minutes: c.program_minutes,
    certificate_date: zoneDateKey(c.certificate_date),
  };
}

/**
 * `POST /api/certificate/v1/correct/{id}`: issues a new certificate with the corrected data (a
 * new number, the old one `replaced` and pointing to it), recorded with who, when and why in the
 * audit trail and the participant's learning record, all in one transaction.
 */
export async function correctCertificate(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  body: CertificateCorrectBodyOutput,
): Promise<IssuedCertificate> {
  const old = await changeableCertificate(db, viewer, id);
  const before = correctable(old);
  const after = {
    fullname: body.fullname,
    program_title: body.program_title,
    program_minutes: body.program_minutes,
    certificate_date: body.certificate_date,
  };
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
    (k) => after[k] !== before[k],
  );
  if (changed.length === 0) throw AppError.badRequest(certificateMessages.nothingCorrected);
  await db.transaction(async (tx) => {
    const marked = await repo.changeStatus(tx, old.id, {
      status: 'replaced',
      reason: body.reason,
      by: viewer.id,
    });
    if (!marked) throw AppError.conflict(certificateMessages.notValidAnyMore);
    const now = serverNow();
    const certificateDate = changed.includes('certificate_date')
      ? jakartaMidnight(after.certificate_date)
      : old.certificate_date;
    // A correction keeps the validity the certificate was issued with, counted from its date.
    const validUntil =
      old.valid_until && changed.includes('certificate_date')
        ? oneYearValidity(certificateDate)
        : old.valid_until;
    let inserted: { id: string; number: string }[] = [];
    // A number already taken (once in 10^12) is drawn again.
    for (let attempt = 0; inserted.length === 0 && attempt < 5; attempt += 1) {
      inserted = await repo.insertIssued(tx, [
        {
          member_redeem_id: old.member_redeem_id,
          kind: old.kind,
          number: newCertificateNumber(now),
          issued_at: now,
          fullname: after.fullname,
          program_title: after.program_title,
          program_minutes: after.program_minutes,
          competences: old.competences,
          template: old.template,
          certificate_date: certificateDate,
          valid_until: validUntil,
          replaces_id: old.id,
        },
      ]);
    }
    const created = inserted[0];
    if (!created) throw new Error('could not issue a certificate number');
    await recordAuditEvent(tx, {
      actorUserId: viewer.id,
      action: 'certificate.corrected',
      subjectType: 'certificate',
      subjectId: old.id,
      before: { number: old.number, ...before },
      after: { number: created.number, certificate_id: created.id, ...after, reason: body.reason },
    });
    await recordLearningEvent(tx, {
      memberId: old.member_id,
      programId: old.program_id,
      kind: 'certificate_corrected',
      data: {
        kind: old.kind,
        number: old.number,
        replaced_by: created.number,
        changed,
        reason: body.reason,
      },
      actorUserId: viewer.id,
    });
  });
  return currentOf(db, old.member_redeem_id, old.id);
}

/** The certificate of the redemption that replaced `replacedId`, as the staff page lists it. */
async function currentOf(db: DbOrTx, redeemId: string, replacedId: string) {
  const list = await repo.certificatesOfRedeem(db, redeemId);
  // The replacement first: both may carry the same issue time.
  const row =
    list.find((c) => c.replaces_id === replacedId) ?? list.find((c) => c.id === replacedId)!;
  return toIssued(row);
}

/**
 * `POST /api/certificate/v1/revoke/{id}`: revokes a valid certificate with a reason (shown on
 * its public verification page); the participant can no longer download it, and no other is
 * issued for the same redemption and kind. Recorded like a correction.
 */
export async function revokeCertificate(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  body: CertificateRevokeBody,
): Promise<IssuedCertificate> {
  const cert = await changeableCertificate(db, viewer, id);
  await db.transaction(async (tx) => {
    const marked = await repo.changeStatus(tx, cert.id, {
      status: 'revoked',
      reason: body.reason,
      by: viewer.id,
    });
    if (!marked) throw AppError.conflict(certificateMessages.notValidAnyMore);
    await recordAuditEvent(tx, {
      actorUserId: viewer.id,
      action: 'certificate.revoked',
      subjectType: 'certificate',
      subjectId: cert.id,
      before: { number: cert.number, status: 'valid' },
      after: { number: cert.number, status: 'revoked', reason: body.reason },
    });
    await recordLearningEvent(tx, {
      memberId: cert.member_id,
      programId: cert.program_id,
      kind: 'certificate_revoked',
      data: { kind: cert.kind, number: cert.number, reason: body.reason },
      actorUserId: viewer.id,
    });
  });
  return currentOf(db, cert.member_redeem_id, cert.id);
}
