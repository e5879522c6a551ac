import type { FastifyBaseLogger } from 'fastify';
import { authMessages, passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import type { Paged } from '@ajar/shared/common/envelope';
import { roleNames, type RoleKey } from '@ajar/shared/common/roles';
import { staffMessages } from '@ajar/shared/users/users.constants';
import type {
  StaffAccount,
  StaffCreateBodyParsed,
  StaffList,
  StaffListQueryParsed,
  StaffUpdateBodyParsed,
  TrainerAccount,
  TrainerListQueryParsed,
} from '@ajar/shared/users/users.schemas';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, newToken } from '../../lib/tokens';
import {
  countRecentPasswordResets,
  findUserById,
  insertPasswordReset,
  invalidatePasswordResets,
} from '../auth/auth.repository';
import { passwordResetLink, passwordResetMail } from '../auth/password-reset.mail';
import { deleteUserSubscriptions } from '../auth/push-subscriptions.repository';
import type { RequestUser } from '../../plugins/auth';
import { revokeUserSessions } from '../auth/sessions.repository';
import { recordAuditEvent } from '../records/audit-trail.service';
import * as repo from './users.repository';

/**
 * `GET /api/users/v1/trainers`: the active trainer accounts a program's facilitator may be linked
 * to (linking assigns the trainer to the program, DESIGN §4). An empty `ids` list finds nothing.
 */
export async function listTrainers(
  db: Db,
  query: TrainerListQueryParsed,
): Promise<Paged<TrainerAccount>> {
  if (query.ids && query.ids.length === 0) {
    return { list: [], limit: query.limit, page: query.page, total: 0 };
  }
  const { rows, total } = await repo.listActiveTrainers(db, query);
  return { list: rows, limit: query.limit, page: query.page, total };
}

// ---- Staff accounts (superadmin, `users.manage`) ----

export interface StaffDeps {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

type Actor = Pick<RequestUser, 'id'>;

function toStaffAccount(row: repo.StaffRow): StaffAccount {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    role: { key: row.role, name: roleNames[row.role] },
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    programs: row.programs,
  };
}

const emailTaken = () => AppError.validation({ email: staffMessages.emailTaken });

/** `GET /api/users/v1/staff/list`: every staff account, paged, with trainers' programs. */
export async function listStaff(db: Db, query: StaffListQueryParsed): Promise<StaffList> {
  const { rows, total } = await repo.listStaff(db, query);
  return { list: rows.map(toStaffAccount), limit: query.limit, page: query.page, total };
}

async function getStaff(db: DbOrTx, id: string): Promise<StaffAccount> {
  const row = await repo.findStaff(db, id);
  if (!row) throw AppError.notFound();
  return toStaffAccount(row);
}

/** Creates an active admin or trainer account with the given password (stored hashed). */
export async function createStaff(
  db: Db,
  actor: Actor,
  body: StaffCreateBodyParsed,
): Promise<StaffAccount> {
  refuseCommonPassword(body.password, 'password');
  if (await repo.staffEmailTaken(db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  const created = await db.transaction(async (tx) => {
    const row = await repo.insertStaff(tx, {
      fullname: body.fullname,
      email: body.email,
      phone: body.phone,
      role: body.role,
      password_hash: passwordHash,
    });
    if (row) {
      await recordAuditEvent(tx, {
        actorUserId: actor.id,
        action: 'user.created',
        subjectType: 'user',
        subjectId: row.id,
        after: { fullname: body.fullname, email: body.email, role: body.role },
      });
    }
    return row;
  });
  // A concurrent create with the same e-mail lost the race on the unique index.
  if (!created) throw emailTaken();
  return getStaff(db, created.id);
}

/**
 * The guard rails of a role or status change: nobody demotes or deactivates themself, and the last
 * active superadmin stays one. Runs inside the change's transaction with the rows locked.
 */
async function assertSuperadminKept(
  tx: DbOrTx,
  actor: Actor,
  target: { id: string; role: RoleKey; is_active: boolean },
  change: 'deactivate' | 'demote',
) {
  if (target.role !== 'superadmin' || !target.is_active) return;
  if ((await repo.lockActiveSuperadmins(tx)) <= 1) {
    throw AppError.badRequest(staffMessages.lastSuperadmin);
  }
  if (target.id === actor.id) {
    throw AppError.badRequest(
      change === 'deactivate' ? staffMessages.selfDeactivate : staffMessages.selfDemote,
    );
  }
}

/**
 * Changes name, e-mail (unique; open reset links die when it changes), phone and role; guarded
 * for superadmins.
 */
export async function updateStaff(
  db: Db,
  actor: Actor,
  id: string,
  body: StaffUpdateBodyParsed,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const target = await repo.lockStaff(tx, id);
    if (!target) throw AppError.notFound();
    if (await repo.staffEmailTaken(tx, body.email, id)) throw emailTaken();
    if (body.role !== target.role) await assertSuperadminKept(tx, actor, target, 'demote');
    await repo.updateStaff(tx, id, {
      fullname: body.fullname,
      email: body.email,
      phone: body.phone,
      role: body.role,
    });
    // Links mailed to the old address stop working once the address changes.
    if (body.email !== target.email.toLowerCase()) await invalidatePasswordResets(tx, id);
    if (body.role !== target.role) {
      await recordAuditEvent(tx, {
        actorUserId: actor.id,
        action: 'user.role_changed',
        subjectType: 'user',
        subjectId: id,
        before: { role: target.role },
        after: { role: body.role },
      });
    }
  });
  return getStaff(db, id);
}

/**
 * Activates or deactivates an account. Deactivating revokes every session at once (the guard also
 * refuses inactive accounts) and forgets their push subscriptions and open reset links.
 */
export async function setStaffStatus(
  db: Db,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const target = await repo.lockStaff(tx, id);
    if (!target) throw AppError.notFound();
    if (!isActive) {
      await assertSuperadminKept(tx, actor, target, 'deactivate');
      await revokeUserSessions(tx, id);
      await deleteUserSubscriptions(tx, id);
      await invalidatePasswordResets(tx, id);
    }
    if (target.is_active !== isActive) {
      await repo.updateStaff(tx, id, { is_active: isActive });
      await recordAuditEvent(tx, {
        actorUserId: actor.id,
        action: isActive ? 'user.reactivated' : 'user.deactivated',
        subjectType: 'user',
        subjectId: id,
        before: { is_active: target.is_active },
        after: { is_active: isActive },
      });
    }
  });
  return getStaff(db, id);
}

/**
 * Sends the forgot-password e-mail (same link and text) to an active account. Unlike the public
 * route it answers honestly: an inactive account is refused, the per-account mail limit is a 429
 * and a mail failure is reported (without SMTP the mail goes to the log).
 */
export async function sendStaffResetLink(deps: StaffDeps, id: string): Promise<void> {
  const { db, config, mailer, log } = deps;
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound();
  if (!user.is_active) throw AppError.badRequest(staffMessages.resetInactive);
  const recent = await countRecentPasswordResets(db, id, passwordResetPolicy.windowMinutes);
  if (recent >= passwordResetPolicy.accountMaxMails) {
    throw AppError.tooMany(
      authMessages.tooManyResetRequests(passwordResetPolicy.windowMinutes),
      passwordResetPolicy.windowMinutes * 60,
    );
  }
  const { token, hash } = newToken();
  await insertPasswordReset(db, {
    userId: id,
    tokenHash: hash,
    minutes: passwordResetPolicy.tokenMinutes,
  });
  const mail = passwordResetMail({
    to: user.email,
    fullname: user.fullname,
    link: passwordResetLink(config, token),
  });
  try {
    await mailer.send(mail);
  } catch (err) {
    log.error({ err, userId: id }, 'staff password reset mail failed');
    throw new AppError(502, staffMessages.mailFailed);
  }
}
