import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { authMessages, type PushSubscriptionJson } from '@ajar/shared/auth/auth.schemas';
import { memberLimits, memberMessages } from '@ajar/shared/members/members.constants';
import type { MemberLoginData, MemberProfile } from '@ajar/shared/members/members.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { HashQueueFullError, hashPassword, newToken, verifyPassword } from '../../lib/tokens';
import {
  assertPushServiceEndpoint,
  parsePushToken,
  upgradeWeakHash,
  type PushHostsConfig,
} from '../auth/auth.service';
import {
  beginAttempt,
  registerAddressKey,
  type ThrottlePolicy,
} from '../auth/attempt-counter.service';
import { beginLogin } from '../auth/login-throttle.service';
import {
  deleteMemberSessionSubscription,
  saveMemberSessionSubscription,
} from './member-push.repository';
import {
  createMemberSession,
  deleteEndedMemberSessions,
  revokeMemberSession,
} from './member-sessions.repository';
import {
  findMemberByEmail,
  findMemberById,
  insertMember,
  upgradeMemberPasswordHash,
  type MemberRow,
} from './members.repository';
import type { RequestMember } from '../../plugins/member-auth';
import {
  sendVerificationMail,
  type EmailVerificationDeps,
} from './member-email-verification.service';
import { recordAuditEvent } from '../records/audit-trail.service';
import { recordRegistrationConsent } from '../privacy/consent.service';

export interface MemberAuthDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  config: PushHostsConfig;
}

const endedSessionGraceHours = 24;

export function toMemberProfile(row: MemberRow): MemberProfile {
  const code = row.meta?.code;
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    date_of_birth: row.date_of_birth,
    education_level: row.education_level,
    meta: { code: typeof code === 'string' ? code : null },
    photo_url: row.photo_url,
    email_verified: row.email_verified_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomUUID()));

async function openSession(
  deps: MemberAuthDeps,
  member: MemberRow,
  pushToken: string | null | undefined,
  onCommit?: Parameters<Db['transaction']>[0],
): Promise<MemberLoginData> {
  const { token, hash } = newToken();
  const session = await deps.db.transaction(async (tx) => {
    const created = await createMemberSession(tx, {
      memberId: member.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + memberLimits.sessionDays * 24 * 60 * 60 * 1000),
    });
    await deleteEndedMemberSessions(tx, member.id, endedSessionGraceHours);
    await recordAuditEvent(tx, {
      actorUserId: null,
      actorRole: 'participant',
      action: 'member.signed_in',
      subjectType: 'member',
      subjectId: member.id,
    });
    if (onCommit) await onCommit(tx);
    return created;
  });
  const subscription = parsePushToken(pushToken, deps.config);
  if (subscription) {
    await saveMemberSessionSubscription(deps.db, {
      sessionId: session.id,
      memberId: member.id,
      subscription,
    }).catch((err: unknown) => deps.log.warn({ err }, 'member push subscription not stored'));
  }
  return {
    token,
    expires_at: session.expires_at.toISOString(),
    member: toMemberProfile(member),
  };
}

/** Every registration counts against its address, as forgot-password requests do. */
export const registerAddressPolicy: ThrottlePolicy = {
  maxFailures: memberLimits.registerPerAddress,
  windowMinutes: memberLimits.registerWindowMinutes,
  lockMinutes: memberLimits.registerWindowMinutes,
};

/** The new account's hash, in the registration lane (never ahead of sign-ins). */
async function registrationHash(password: string): Promise<string> {
  try {
    return await hashPassword(password, undefined, 'registration');
  } catch (error) {
    if (error instanceof HashQueueFullError) {
      throw new AppError(503, memberMessages.registrationBusy, undefined, 5);
    }
    throw error;
  }
}

/**
 * Creates a member account and signs it in (answers like login). Limited per address (429), the
 * hash waits in its own lane (503 when that queue is full). An e-mail already registered (any
 * case) is 400 on `email`: the account is signed in at once, so any other answer would tell the
 * same; the address limit bounds how fast it can be asked.
 */
export async function registerMember(
  deps: MemberAuthDeps,
  /**
   * Where the verification link of the new address goes out (docs/decisions.md); null for the
   * demo seed, whose addresses count as verified.
   */
  verification: EmailVerificationDeps | null,
  body: {
    fullname: string;
    email: string;
    phone: string;
    password: string;
    date_of_birth?: string | null;
    /** The ticked consent to the privacy notice in force (the schema refuses anything else). */
    consent: true;
    push_token?: string | null;
  },
  ip: string,
): Promise<MemberLoginData> {
  const attempt = await beginAttempt(deps.db, [
    {
      key: registerAddressKey(ip),
      policy: registerAddressPolicy,
      message: memberMessages.tooManyRegistrations,
    },
  ]);
  await attempt.recordFailure();
  refuseCommonPassword(body.password, 'password');
  const taken = () => AppError.validation({ email: memberMessages.emailTaken });
  if (await findMemberByEmail(deps.db, body.email)) throw taken();
  const member = await insertMember(deps.db, {
    fullname: body.fullname,
    email: body.email.toLowerCase(),
    phone: body.phone,
    date_of_birth: body.date_of_birth ?? null,
    password_hash: await registrationHash(body.password),
  });
  // Two registrations of one e-mail at once: the unique index lets one through.
  if (!member) throw taken();
  const session = await openSession(deps, member, body.push_token, (tx) =>
    recordRegistrationConsent(tx, member.id, ip),
  );
  if (verification) await sendVerificationMail(verification, member);
  return session;
}

/**
 * Signs a member in with e-mail and password. Throttled like the staff sign-in, on member keys
 * (a learner's typos never slow the staff account of the same e-mail or the staff sign-in of a
 * shared office address): 429 with Retry-After while held back. A wrong e-mail or password is
 * one message on `email`. A weak (pre-issue-10) hash is upgraded at a successful sign-in.
 */
export async function loginMember(
  deps: MemberAuthDeps,
  input: { email: string; password: string; push_token?: string | null; ip: string },
): Promise<MemberLoginData> {
  const attempt = await beginLogin(deps.db, {
    scope: 'member',
    email: input.email,
    ip: input.ip,
  });
  const member = await findMemberByEmail(deps.db, input.email);
  const checkedHash = member?.password_hash ?? null;
  const valid = checkedHash
    ? await verifyPassword(input.password, checkedHash)
    : await verifyPassword(input.password, await getDummyHash()).then(() => false);
  if (!member || !checkedHash || !valid) {
    await attempt.recordFailure();
    throw AppError.badRequest(authMessages.wrongCredentials, {
      email: authMessages.wrongCredentials,
    });
  }
  await upgradeWeakHash(deps.log, input.password, checkedHash, (stronger) =>
    upgradeMemberPasswordHash(deps.db, member.id, checkedHash, stronger),
  );
  return openSession(deps, member, input.push_token, (tx) => attempt.succeed(tx));
}

/** Ends the member's current session and forgets its push subscription. */
export async function logoutMember(deps: Pick<MemberAuthDeps, 'db'>, member: RequestMember) {
  await deps.db.transaction(async (tx) => {
    await revokeMemberSession(tx, member.sessionId);
    await deleteMemberSessionSubscription(tx, member.sessionId);
  });
}

/** The signed-in member's own account. */
export async function getMe(db: Db, member: RequestMember): Promise<MemberProfile> {
  const row = await findMemberById(db, member.id);
  if (!row) throw AppError.unauthorized();
  return toMemberProfile(row);
}

/** Registers or replaces the push subscription of the member's current session. */
export async function saveMemberPush(
  deps: { db: Db; config: PushHostsConfig },
  member: RequestMember,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const { db } = deps;
  assertPushServiceEndpoint(deps.config, subscription);
  await db.transaction((tx) =>
    saveMemberSessionSubscription(tx, {
      sessionId: member.sessionId,
      memberId: member.id,
      subscription,
    }),
  );
}

export async function removeMemberPush(db: Db, member: RequestMember): Promise<void> {
  await deleteMemberSessionSubscription(db, member.sessionId);
}
