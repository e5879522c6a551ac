import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import type {
  MemberConsentStatus,
  PrivacyNotice,
  PrivacyNoticeAdmin,
} from '@ajar/shared/privacy/privacy.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { Reply } from '../../lib/route';
import { recordAuditEvent } from '../records/audit-trail.service';
import * as repo from './consent.repository';

/**
 * Consent to the versioned privacy notice (docs/decisions.md, "Consent to the privacy notice"):
 * the superadmin saves versions, registration records consent to the one in force, and a member
 * whose latest consent is older is asked again before using the app.
 */

function toNotice(row: repo.PrivacyNoticeRow): PrivacyNotice {
  return { version: row.version, content: row.content, created_at: row.created_at.toISOString() };
}

/** The notice in force, readable signed out; null before any is saved. */
export async function currentNotice(db: DbOrTx): Promise<PrivacyNotice | null> {
  const row = await repo.latestNotice(db);
  return row ? toNotice(row) : null;
}

export async function noticeForStaff(db: DbOrTx): Promise<PrivacyNoticeAdmin> {
  const [current, versions] = await Promise.all([currentNotice(db), repo.noticeVersions(db)]);
  return {
    current,
    versions: versions.map((v) => ({ ...v, created_at: v.created_at.toISOString() })),
  };
}

export async function noticeVersion(db: DbOrTx, version: number): Promise<PrivacyNotice> {
  const row = await repo.findNotice(db, version);
  if (!row) throw AppError.notFound();
  return toNotice(row);
}

/**
 * Saves the notice: a changed text becomes the next version (audited), the same text changes
 * nothing. Two saves at once: the second is told to reload (409), never a shared number.
 */
export async function saveNotice(
  db: Db,
  actorId: string,
  content: string,
): Promise<Reply<PrivacyNoticeAdmin>> {
  const latest = await repo.latestNotice(db);
  if (latest && latest.content === content) {
    return new Reply(await noticeForStaff(db), privacyNoticeMessages.unchanged);
  }
  const created = await db.transaction(async (tx) => {
    const row = await repo.insertNotice(tx, content, actorId);
    if (!row) return null;
    await recordAuditEvent(tx, {
      actorUserId: actorId,
      action: 'privacy_notice.published',
      subjectType: 'privacy_notice',
      subjectId: row.id,
      before: latest ? { version: latest.version } : null,
      after: { version: row.version },
    });
    return row;
  });
  if (!created) throw AppError.conflict(privacyNoticeMessages.consentOutdated);
  return new Reply(await noticeForStaff(db), privacyNoticeMessages.saved(created.version));
}

/** Whether the member must agree to the notice in force before going on. */
export async function consentStatus(db: DbOrTx, memberId: string): Promise<MemberConsentStatus> {
  const [notice, agreed] = await Promise.all([
    repo.latestNotice(db),
    repo.consentedVersion(db, memberId),
  ]);
  return {
    required: notice !== null && notice.version > agreed,
    notice: notice ? toNotice(notice) : null,
  };
}

/**
 * 'Setuju' to the version the member read. A newer one published since is 409: they read it
 * first. Agreeing again to a version already agreed to records nothing new.
 */
export async function agree(
  db: DbOrTx,
  memberId: string,
  version: number,
  ip: string | null,
): Promise<MemberConsentStatus> {
  const status = await consentStatus(db, memberId);
  if (!status.notice) throw AppError.notFound(privacyNoticeMessages.none);
  if (status.notice.version !== version) {
    throw AppError.conflict(privacyNoticeMessages.consentOutdated);
  }
  if (status.required) await repo.insertConsent(db, { memberId, version, ip });
  return { required: false, notice: status.notice };
}

/** Registration's ticked box: consent to the notice in force (none saved yet: nothing to keep). */
export async function recordRegistrationConsent(
  db: DbOrTx,
  memberId: string,
  ip: string | null,
): Promise<void> {
  const notice = await repo.latestNotice(db);
  if (notice) await repo.insertConsent(db, { memberId, version: notice.version, ip });
}
