import type { FastifyBaseLogger } from 'fastify';
import {
  emailVerificationMessages as M,
  emailVerificationPolicy as policy,
} from '@ajar/shared/members/email-verification.constants';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { publicOrigin } from '../../lib/public-origin';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './member-email-verification.repository';
import { findMemberById } from './members.repository';

/**
 * E-mail verification of members (docs/decisions.md): a link mailed at registration (and on
 * 'Kirim ulang') proves the address is the member's. Sign-in works unverified; what waits for a
 * verified address is written in docs/decisions.md.
 */
export interface EmailVerificationDeps {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `{public origin}/belajar/verify-email?token=…` (Ajar Belajar's verification screen). */
export function verificationLink(config: EmailVerificationDeps['config'], token: string): string {
  return `${publicOrigin(config)}/belajar/verify-email?token=${encodeURIComponent(token)}`;
}

function verificationMail(input: { to: string; fullname: string; link: string }): MailMessage {
  const intro =
    'Terima kasih telah mendaftar di Ajar Belajar. Buka link berikut dalam ' +
    `${policy.tokenHours} jam untuk memastikan email ini milik Anda:`;
  const outro =
    'Jika Anda tidak mendaftar, seseorang memakai email Anda. Abaikan email ini, atau ambil alih ' +
    'akun itu dengan "Lupa password" di Ajar Belajar.';
  return {
    to: input.to,
    subject: 'Verifikasi email akun Ajar Belajar Anda',
    text: `Halo ${input.fullname},\n\n${intro}\n\n${input.link}\n\n${outro}\n`,
    html:
      `<p>Halo ${escapeHtml(input.fullname)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * Stores a new verification link for the member's current address and mails it in the
 * background (a failed mail is logged; 'Kirim ulang' sends another).
 */
export async function sendVerificationMail(
  deps: EmailVerificationDeps,
  member: { id: string; email: string; fullname: string },
): Promise<void> {
  const { token, hash } = newToken();
  await repo.insertEmailVerification(deps.db, {
    memberId: member.id,
    email: member.email,
    tokenHash: hash,
    hours: policy.tokenHours,
  });
  const mail = verificationMail({
    to: member.email,
    fullname: member.fullname,
    link: verificationLink(deps.config, token),
  });
  void deps.mailer
    .send(mail)
    .catch((err: unknown) =>
      deps.log.error({ err, memberId: member.id }, 'verification mail failed'),
    );
}

/**
 * 'Kirim ulang': a new link to the signed-in member's address. 409 when it is verified already;
 * 429 with Retry-After beyond `maxMails` per window.
 */
export async function resendVerification(
  deps: EmailVerificationDeps,
  memberId: string,
): Promise<void> {
  const member = await findMemberById(deps.db, memberId);
  if (!member) throw AppError.unauthorized();
  if (member.email_verified_at) throw AppError.conflict(M.alreadyVerified);
  const recent = await repo.countRecentEmailVerifications(deps.db, member.id, policy.windowMinutes);
  if (recent >= policy.maxMails) {
    throw AppError.tooMany(M.tooMany(policy.windowMinutes), policy.windowMinutes * 60);
  }
  await sendVerificationMail(deps, member);
}

/** Uses a verification link (single use): the member's address is verified if it still is hers. */
export async function verifyEmail(deps: Pick<EmailVerificationDeps, 'db'>, token: string) {
  await deps.db.transaction(async (tx) => {
    const link = await repo.consumeEmailVerification(tx, hashToken(token));
    if (!link || !(await repo.markEmailVerified(tx, link.memberId, link.email))) {
      throw AppError.badRequest(M.invalid);
    }
  });
}
