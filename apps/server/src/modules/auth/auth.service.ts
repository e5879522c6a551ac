import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  authMessages,
  passwordResetPolicy,
  pushSubscriptionSchema,
  type AuthUser,
  type LoginData,
  type PushSubscriptionJson,
} from '@ajar/shared/auth/auth.schemas';
import { rolePermissions, roleNames, type RoleKey } from '@ajar/shared/common/roles';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { Mailer } from '../../lib/mailer';
import type { PushSubscriptionStore } from '../../lib/push';
import { isAllowedPushEndpoint } from '../../lib/push-endpoint';
import type { RequestUser } from '../../plugins/auth';
import {
  hashPassword,
  hashToken,
  newToken,
  passwordNeedsRehash,
  verifyPassword,
} from '../../lib/tokens';
import {
  consumePasswordReset,
  countRecentPasswordResets,
  findUsablePasswordReset,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  invalidatePasswordResets,
  updatePasswordHash,
  upgradePasswordHash,
} from './auth.repository';
import { recordAuditEvent } from '../records/audit-trail.service';
import { beginAttempt, resetAddressKey, resetAddressPolicy } from './attempt-counter.service';
import { beginLogin, trustAddress } from './login-throttle.service';
import { passwordResetLink, passwordResetMail } from './password-reset.mail';
import {
  deleteSessionSubscription,
  deleteSubscriptionsById,
  deleteUserSubscriptions,
  listLiveUserSubscriptions,
  saveSessionSubscription,
} from './push-subscriptions.repository';
import {
  createSession,
  deleteEndedSessions,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'PUBLIC_URL' | 'PORT' | 'PUSH_SERVICE_HOSTS'>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Ended sessions are kept this long (for support questions), then deleted at the next login. */
const endedSessionGraceHours = 24;

/** The login reply's `user`: role with its display name and the permissions of DESIGN §4. */
export function toAuthUser(user: {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  role: RoleKey;
}): AuthUser {
  return {
    id: user.id,
    fullname: user.fullname,
    email: user.email,
    phone: user.phone,
    role: { key: user.role, name: roleNames[user.role] },
    permissions: [...rolePermissions[user.role]],
  };
}

/**
 * A login's `push_token`: JSON of a Web Push subscription to one of the push services of
 * PUSH_SERVICE_HOSTS; anything else is ignored (the sign-in goes on without push).
 */
export function parsePushToken(
  pushToken: string | null | undefined,
  config: PushHostsConfig,
): PushSubscriptionJson | null {
  if (!pushToken) return null;
  try {
    const parsed = pushSubscriptionSchema.safeParse(JSON.parse(pushToken));
    return parsed.success && isAllowedPushEndpoint(parsed.data.endpoint, config.PUSH_SERVICE_HOSTS)
      ? parsed.data
      : null;
  } catch {
    return null;
  }
}

export type PushHostsConfig = Pick<Config, 'PUSH_SERVICE_HOSTS'>;

/**
 * Refuses (400 on `subscription.endpoint`) a subscription whose endpoint is not on a browser's
 * push service: the server would otherwise post to any address a client made up.
 */
export function assertPushServiceEndpoint(
  config: PushHostsConfig,
  subscription: PushSubscriptionJson,
): void {
  if (!isAllowedPushEndpoint(subscription.endpoint, config.PUSH_SERVICE_HOSTS)) {
    throw AppError.validation({ 'subscription.endpoint': authMessages.pushServiceOnly });
  }
}

// An unknown e-mail still costs one scrypt verification, so its timing does not reveal it.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomUUID()));

const wrongCredentials = () =>
  AppError.badRequest(authMessages.wrongCredentials, { email: authMessages.wrongCredentials });

/**
 * After a successful password check: a hash weaker than today's parameters (N = 2^14 in the
 * first accounts) is rewritten with the same password. Hashing happens outside any transaction; a
 * failure is logged and the sign-in goes on.
 */
export async function upgradeWeakHash(
  log: Pick<FastifyBaseLogger, 'warn'>,
  password: string,
  storedHash: string,
  save: (strongerHash: string) => Promise<unknown>,
): Promise<void> {
  if (!passwordNeedsRehash(storedHash)) return;
  try {
    await save(await hashPassword(password));
  } catch (err) {
    log.warn({ err }, 'password hash not upgraded');
  }
}

/**
 * Signs a staff member in. Throttled (login-throttle.service.ts: 429 with Retry-After while held
 * back, whatever the password); a wrong e-mail or password is one message on `email`; an
 * inactive account is told so only after the right password.
 */
export async function login(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    pushToken?: string | null;
    ip: string;
    /** The browser's trusted-login cookie (login-link.service.ts), if any. */
    deviceToken?: string | null;
  },
): Promise<LoginData> {
  const { db, config, log } = deps;
  const attempt = await beginLogin(db, {
    scope: 'staff',
    email: input.email,
    ip: input.ip,
    deviceToken: input.deviceToken,
  });

  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await getDummyHash()).then(() => false);
  // A failure is audited only for an existing account: what was typed for an unknown one may be
  // anything (a password in the wrong field) and is not kept.
  const auditFailure = (reason: string) =>
    user
      ? recordAuditEvent(db, {
          actorUserId: null,
          actorRole: null,
          action: 'user.sign_in_failed',
          subjectType: 'user',
          subjectId: user.id,
          after: { reason },
        })
      : Promise.resolve();
  if (!user || !valid) {
    await attempt.recordFailure();
    await auditFailure('wrong_password');
    throw wrongCredentials();
  }
  if (!user.is_active) {
    // Still a failed login: an inactive account cannot be used to test passwords freely.
    await attempt.recordFailure();
    await auditFailure('inactive');
    throw AppError.badRequest(authMessages.inactive, { email: authMessages.inactive });
  }
  await upgradeWeakHash(log, input.password, user.password_hash, (stronger) =>
    upgradePasswordHash(db, user.id, user.password_hash, stronger),
  );

  const { token, hash } = newToken();
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + config.SESSION_TTL_HOURS * 60 * 60 * 1000),
    });
    await attempt.succeed(tx);
    await deleteEndedSessions(tx, user.id, endedSessionGraceHours);
    await recordAuditEvent(tx, {
      actorUserId: user.id,
      action: 'user.signed_in',
      subjectType: 'user',
      subjectId: user.id,
    });
    return created;
  });

  const subscription = parsePushToken(input.pushToken, config);
  if (subscription) {
    // Push is optional: a storage problem is logged and the login goes on.
    await savePushSubscription(
      deps,
      { sessionId: session.id, userId: user.id },
      subscription,
    ).catch((err: unknown) => log.warn({ err }, 'push subscription not stored at login'));
  }

  return { token, expires_at: session.expires_at.toISOString(), user: toAuthUser(user) };
}

/** Ends the current session and forgets its push subscription. */
export async function logout(deps: AuthDeps, user: RequestUser): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId);
    await deleteSessionSubscription(tx, user.sessionId);
    await recordAuditEvent(tx, {
      actorUserId: user.id,
      action: 'user.session_revoked',
      subjectType: 'user',
      subjectId: user.id,
      after: { reason: 'logout' },
    });
  });
}

/**
 * Changes the signed-in user's password after checking the current one. A wrong current
 * password counts as a failed sign-in of the account from this address (it is a password oracle
 * too) and is held back by the same throttle (429 on `current_password`). Every other session
 * is revoked; this one stays.
 */
export async function updatePassword(
  deps: AuthDeps,
  user: RequestUser,
  body: { current_password: string; new_password: string },
  ip: string,
): Promise<void> {
  const { db } = deps;
  refuseCommonPassword(body.new_password, 'new_password');
  const attempt = await beginLogin(
    db,
    { scope: 'staff', email: user.email, ip },
    'current_password',
  );
  const row = await findUserById(db, user.id);
  if (!row || !(await verifyPassword(body.current_password, row.password_hash))) {
    await attempt.recordFailure();
    throw AppError.badRequest(authMessages.passwordChangeFailed, {
      current_password: authMessages.wrongCurrentPassword,
    });
  }
  const passwordHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, user.sessionId);
    await deleteUserSubscriptions(tx, user.id, user.sessionId);
    await invalidatePasswordResets(tx, user.id);
    await attempt.succeed(tx);
    await recordAuditEvent(tx, {
      actorUserId: user.id,
      action: 'user.password_changed',
      subjectType: 'user',
      subjectId: user.id,
      after: { via: 'profile' },
    });
  });
}

/**
 * Counts a reset request against the address it came from (found or not); 429 beyond
 * `addressMaxRequests` per window. Staff and member requests share the address key.
 */
export async function countResetRequest(db: AuthDeps['db'], ip: string): Promise<void> {
  const attempt = await beginAttempt(db, [
    {
      key: resetAddressKey(ip),
      policy: resetAddressPolicy,
      message: authMessages.tooManyResetRequests,
    },
  ]);
  await attempt.recordFailure();
}

/**
 * Sends a reset link to an existing active account. The caller always answers the same success,
 * so whether the e-mail exists never shows; the mail is sent in the background so SMTP time does
 * not show either. Throttled per address (429); per account at most `accountMaxMails` mails per
 * window, beyond which requests are silently not mailed.
 */
export async function forgotPassword(
  deps: AuthDeps,
  input: { email: string; ip: string },
): Promise<void> {
  const { db, config, log, mailer } = deps;
  await countResetRequest(db, input.ip);

  const { token, hash } = newToken();
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.is_active) return;
  const recent = await countRecentPasswordResets(db, user.id, passwordResetPolicy.windowMinutes);
  if (recent >= passwordResetPolicy.accountMaxMails) {
    log.info({ userId: user.id }, 'password reset mail skipped: too many for this account');
    return;
  }
  await insertPasswordReset(db, {
    userId: user.id,
    tokenHash: hash,
    minutes: passwordResetPolicy.tokenMinutes,
  });
  const mail = passwordResetMail({
    to: user.email,
    fullname: user.fullname,
    link: passwordResetLink(config, token),
  });
  void mailer
    .send(mail)
    .catch((err: unknown) => log.error({ err, userId: user.id }, 'password reset mail failed'));
}

/**
 * Sets a new password from a reset link: the link is used up (single use, checked in the same
 * update), every session of the user is revoked, other open links die, the address the reset
 * came from becomes known to the account, and the account-wide sign-in delay ends (the failures
 * were guesses of the old password; `trustAddress`).
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string; ip: string },
): Promise<{ userId: string }> {
  const { db } = deps;
  const tokenHash = hashToken(input.token);
  const invalid = () => AppError.badRequest(authMessages.resetInvalid);
  // A cheap check first, so a made-up token costs no scrypt work.
  if (!(await findUsablePasswordReset(db, tokenHash))) throw invalid();
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, tokenHash);
    const user = userId ? await findUserById(tx, userId) : null;
    if (!user || !user.is_active) throw invalid();
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id);
    await deleteUserSubscriptions(tx, user.id);
    await invalidatePasswordResets(tx, user.id);
    await trustAddress(tx, { scope: 'staff', email: user.email, ip: input.ip });
    await recordAuditEvent(tx, {
      actorUserId: user.id,
      action: 'user.password_changed',
      subjectType: 'user',
      subjectId: user.id,
      after: { via: 'reset_link' },
    });
    return { userId: user.id };
  });
}

/** Registers or replaces the push subscription of the current session. */
export async function savePushSubscription(
  deps: Pick<AuthDeps, 'db'> & { config: PushHostsConfig },
  session: { sessionId: string; userId: string },
  subscription: PushSubscriptionJson,
): Promise<void> {
  assertPushServiceEndpoint(deps.config, subscription);
  await deps.db.transaction((tx) => saveSessionSubscription(tx, { ...session, subscription }));
}

/** Forgets the push subscription of the current session (notifications stay in-app). */
export async function removePushSubscription(
  deps: Pick<AuthDeps, 'db'>,
  user: Pick<RequestUser, 'sessionId'>,
): Promise<void> {
  await deleteSessionSubscription(deps.db, user.sessionId);
}

/** The staff push subscriptions as the Web Push sender (lib/push.ts) reads and prunes them. */
export function pushSubscriptionStore(db: Db): PushSubscriptionStore {
  return {
    listLive: (userId) => listLiveUserSubscriptions(db, userId),
    deleteByIds: (ids) => deleteSubscriptionsById(db, ids),
  };
}
