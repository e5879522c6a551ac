import type { FastifyBaseLogger } from 'fastify';
import { passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import { memberAccountMessages } from '@ajar/shared/members/member-account.schemas';
import type { EducationLevel } from '@ajar/shared/members/members.constants';
import type { MemberProfile } from '@ajar/shared/members/members.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage-base';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/tokens';
import { beginLogin } from '../auth/login-throttle.service';
import { countResetRequest } from '../auth/auth.service';
import { passwordResetMail } from '../auth/password-reset.mail';
import { uploadMemberImage } from '../media/media.service';
import type { UploadPart } from '../../lib/upload-part';
import * as repo from './member-account.repository';
import { markEmailVerified } from './member-email-verification.repository';
import { toMemberProfile } from './member-auth.service';
import { findMemberByEmail, findMemberById } from './members.repository';
import type { RequestMember } from '../../plugins/member-auth';
import { recordAuditEvent } from '../records/audit-trail.service';

export interface MemberAccountDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  mailer: Mailer;
}

/** `{origin}/belajar/reset-password?token=…` (the learner app's reset screen). */
export function memberResetLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/belajar/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Sends a member a reset link, as the staff forgot-password does: the caller always answers the
 * same, the mail goes in the background, throttled per address (429, the staff key and policy:
 * one address asking for many resets is the same abuse whoever it asks for) and at most
 * `accountMaxMails` mails per member per window (further requests silently send nothing).
 */
export async function forgotMemberPassword(
  deps: MemberAccountDeps,
  input: { email: string; ip: string; origin: string },
): Promise<void> {
  const { db, log, mailer } = deps;
  await countResetRequest(db, input.ip);
  const { token, hash } = newToken();
  const member = await findMemberByEmail(db, input.email);
  if (!member?.password_hash) return;
  const recent = await repo.countRecentMemberResets(
    db,
    member.id,
    passwordResetPolicy.windowMinutes,
  );
  if (recent >= passwordResetPolicy.accountMaxMails) {
    log.info({ memberId: member.id }, 'member reset mail skipped: too many for this account');
    return;
  }
  await repo.insertMemberPasswordReset(db, {
    memberId: member.id,
    tokenHash: hash,
    minutes: passwordResetPolicy.tokenMinutes,
  });
  const mail = passwordResetMail({
    to: member.email,
    fullname: member.fullname,
    link: memberResetLink(input.origin, token),
  });
  void mailer
    .send(mail)
    .catch((err: unknown) => log.error({ err, memberId: member.id }, 'member reset mail failed'));
}

/**
 * Sets a new password from a link (single use); every session of the member ends. A common
 * password is refused before the link is used up, so the member can try another one.
 */
export async function resetMemberPassword(
  deps: Pick<MemberAccountDeps, 'db'>,
  input: { token: string; password: string },
): Promise<{ memberId: string; sessionIds: string[] }> {
  const invalid = () => AppError.badRequest(memberAccountMessages.resetInvalid);
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const memberId = await repo.consumeMemberReset(tx, hashToken(input.token));
    if (!memberId) throw invalid();
    await repo.setMemberPassword(tx, memberId, passwordHash);
    // The link went to the member's address: opening it proves the address as a verification
    // link would (the true owner of an address someone else registered takes the account over).
    await markEmailVerified(tx, memberId);
    const sessionIds = await repo.revokeMemberSessions(tx, memberId);
    await repo.invalidateMemberResets(tx, memberId);
    await recordAuditEvent(tx, {
      actorUserId: null,
      actorRole: 'participant',
      action: 'member.password_changed',
      subjectType: 'member',
      subjectId: memberId,
      after: { via: 'reset_link' },
    });
    return { memberId, sessionIds };
  });
}

/**
 * Ends every session of a member (their sign-ins and push subscriptions) in the caller's
 * transaction; the caller closes the sockets of the ids returned once it has committed.
 */
export function endMemberSessions(tx: DbOrTx, memberId: string): Promise<string[]> {
  return repo.revokeMemberSessions(tx, memberId);
}

/**
 * Changes the signed-in member's password: a wrong old password is 400 on `old_password` and
 * counts as a failed sign-in of the member (throttled alike); a common new password is 400 on
 * `password` (as at registration); the other sessions end.
 */
export async function updateMemberPassword(
  deps: Pick<MemberAccountDeps, 'db'>,
  member: RequestMember,
  body: { old_password: string; password: string },
  ip: string,
): Promise<string[]> {
  const { db } = deps;
  refuseCommonPassword(body.password, 'password');
  const attempt = await beginLogin(
    db,
    { scope: 'member', email: member.email, ip },
    'old_password',
  );
  const row = await findMemberById(db, member.id);
  if (!row?.password_hash || !(await verifyPassword(body.old_password, row.password_hash))) {
    await attempt.recordFailure();
    throw AppError.validation({ old_password: memberAccountMessages.oldPasswordWrong });
  }
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await repo.setMemberPassword(tx, member.id, passwordHash);
    const ended = await repo.revokeMemberSessions(tx, member.id, member.sessionId);
    await repo.invalidateMemberResets(tx, member.id);
    await attempt.succeed(tx);
    await recordAuditEvent(tx, {
      actorUserId: null,
      actorRole: 'participant',
      action: 'member.password_changed',
      subjectType: 'member',
      subjectId: member.id,
      after: { via: 'profile' },
    });
    return ended;
  });
}

export async function updateProfile(
  db: Db,
  member: RequestMember,
  body: { fullname: string; phone: string; education_level?: EducationLevel | null },
): Promise<MemberProfile> {
  const row = await repo.updateMemberProfile(db, member.id, body);
  if (!row) throw AppError.unauthorized();
  return toMemberProfile(row);
}

/**
 * Stores the member's photo like media (type read from the bytes; an image only, 415 else;
 * the media image size limit, 413) and points the profile at it.
 */
export async function uploadPhoto(
  deps: { db: Db; storage: Storage },
  member: RequestMember,
  parts: AsyncIterable<UploadPart>,
): Promise<MemberProfile> {
  const item = await uploadMemberImage(deps, parts, memberAccountMessages.photoUnsupported);
  const row = await repo.updateMemberProfile(deps.db, member.id, {
    photo_media_id: item.id,
    photo_url: item.url,
  });
  if (!row) throw AppError.unauthorized();
  return toMemberProfile(row);
}
