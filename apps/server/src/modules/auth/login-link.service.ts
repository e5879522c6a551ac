import { authMessages, loginLinkPolicy, passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import { AppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/public-origin';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthDeps } from './auth.service';
import { countResetRequest } from './auth.service';
import { findUserByEmail, findUserById } from './auth.repository';
import { loginLinkMail } from './login-link.mail';
import { consumeLoginLink, countRecentLoginLinks, insertLoginLink } from './login-links.repository';
import { trustDevice } from './login-throttle.service';

/**
 * A way in that an attacker cannot block (docs/decisions.md): failed sign-ins from elsewhere can
 * hold an account back everywhere but its known addresses (the account-wide delay). Its owner
 * asks for a sign-in link by e-mail; opening it in a browser makes that browser trusted by the
 * throttle, like a known address, so the owner signs in there at once. The attacker never has the
 * mail, and the link grants no session by itself: the password is still needed.
 */

/** `{public origin}/login-link?token=…` (lib/public-origin.ts). */
export function loginLinkUrl(config: AuthDeps['config'], token: string): string {
  return `${publicOrigin(config)}/login-link?token=${encodeURIComponent(token)}`;
}

/**
 * Mails a sign-in link to an existing active staff account. The caller always answers the same
 * success (whether the e-mail exists never shows); the mail goes in the background. Throttled per
 * address with the reset requests (429), and at most `accountMaxMails` links per account per
 * window, beyond which requests silently send nothing.
 */
export async function requestLoginLink(
  deps: AuthDeps,
  input: { email: string; ip: string },
): Promise<void> {
  const { db, config, log, mailer } = deps;
  await countResetRequest(db, input.ip);
  const { token, hash } = newToken();
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.is_active) return;
  const recent = await countRecentLoginLinks(db, user.id, passwordResetPolicy.windowMinutes);
  if (recent >= passwordResetPolicy.accountMaxMails) {
    log.info({ userId: user.id }, 'login link mail skipped: too many for this account');
    return;
  }
  await insertLoginLink(db, {
    userId: user.id,
    tokenHash: hash,
    minutes: loginLinkPolicy.tokenMinutes,
  });
  const mail = loginLinkMail({
    to: user.email,
    fullname: user.fullname,
    link: loginLinkUrl(config, token),
  });
  void mailer
    .send(mail)
    .catch((err: unknown) => log.error({ err, userId: user.id }, 'login link mail failed'));
}

/**
 * Uses up a sign-in link (single use, `tokenMinutes`) and trusts the browser that opened it for
 * the link's account: `deviceToken` is the browser's existing trusted-login cookie, or a new one
 * the caller sets. Answers the token to keep in the cookie.
 */
export async function confirmLoginLink(
  deps: Pick<AuthDeps, 'db'>,
  input: { token: string; deviceToken: string | null },
): Promise<{ deviceToken: string }> {
  const deviceToken = input.deviceToken ?? newToken().token;
  await deps.db.transaction(async (tx) => {
    const userId = await consumeLoginLink(tx, hashToken(input.token));
    const user = userId ? await findUserById(tx, userId) : null;
    if (!user || !user.is_active) throw AppError.badRequest(authMessages.loginLinkInvalid);
    await trustDevice(tx, { scope: 'staff', email: user.email, deviceToken });
  });
  return { deviceToken };
}
