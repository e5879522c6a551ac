import {
  certificateMessages,
  certificateVerifyPolicy,
} from '@ajar/shared/certificates/certificates.constants';
import { certificateExpired } from '@ajar/shared/certificates/certificates.rules';
import type { CertificateVerification } from '@ajar/shared/certificates/certificates.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { serverNow } from '../../lib/clock';
import {
  beginAttempt,
  normalizeAddress,
  type ThrottlePolicy,
} from '../auth/attempt-counter.service';
import * as repo from './certificates.repository';

/** Every check counts against its address; beyond the limit it waits for the window to move on. */
const verifyAddressPolicy: ThrottlePolicy = {
  maxFailures: certificateVerifyPolicy.addressMaxRequests,
  windowMinutes: certificateVerifyPolicy.windowMinutes,
  lockMinutes: certificateVerifyPolicy.windowMinutes,
};

/** Corrections of corrections are followed at most this far to the certificate in force. */
const maxCorrections = 50;

/**
 * `GET /api/certificate/v1/verify/{number}` (public): genuine, whose and for what, as the
 * certificate stated it at issue; whether it is in force, replaced (with the number in force) or
 * revoked (when and why). Throttled per client address (numbers must not be guessable by trying): 429 with Retry-After beyond
 * the policy, found or not.
 */
export async function verifyCertificate(
  db: DbOrTx,
  number: string,
  ip: string,
): Promise<CertificateVerification> {
  const attempt = await beginAttempt(
    db,
    [
      {
        key: `verify:${normalizeAddress(ip)}`,
        policy: verifyAddressPolicy,
        message: certificateMessages.tooManyVerifications,
      },
    ],
    'number',
  );
  // The check stays counted whatever it finds.
  await attempt.recordFailure();
  const row = await repo.findByNumber(db, number);
  if (!row) throw AppError.notFound(certificateMessages.notFound);
  let replacedBy: CertificateVerification['replaced_by'] = null;
  if (row.status === 'replaced') {
    let current = await repo.replacementOf(db, row.id);
    for (let i = 0; current?.status === 'replaced' && i < maxCorrections; i += 1) {
      current = (await repo.replacementOf(db, current.id)) ?? current;
    }
    if (current) {
      replacedBy = {
        number: current.number,
        at: (row.status_changed_at ?? row.issued_at).toISOString(),
      };
    }
  }
  const expired = certificateExpired(row.valid_until, serverNow());
  return {
    valid: row.status === 'valid' && !expired,
    status: row.status,
    number: row.number,
    kind: row.kind,
    member: { fullname: row.fullname },
    program: { title: row.program_title, minutes: row.program_minutes },
    issued_at: row.certificate_date.toISOString(),
    valid_until: row.valid_until ? row.valid_until.toISOString() : null,
    expired,
    replaced_by: replacedBy,
    revoked:
      row.status === 'revoked'
        ? {
            at: (row.status_changed_at ?? row.issued_at).toISOString(),
            reason: row.status_reason ?? '',
          }
        : null,
  };
}
