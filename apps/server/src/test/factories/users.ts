import { randomUUID } from 'node:crypto';
import type { RoleKey } from '@ajar/shared/common/roles';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { newToken, sharedPasswordHash } from '../../lib/tokens';
import { nextFactoryTime } from './clock';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: RoleKey;
  fullname: string;
}

/** Inserts a staff user straight into the database; each one newer than those before. */
export async function buildUser(
  db: Db,
  overrides: Partial<{
    email: string;
    password: string;
    role: RoleKey;
    fullname: string;
    is_active: boolean;
    created_at: Date;
  }> = {},
): Promise<TestUser> {
  const password = overrides.password ?? 'Rahasia123';
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@ajar.test`;
  const role = overrides.role ?? 'superadmin';
  const fullname = overrides.fullname ?? `Pengguna ${role}`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      fullname,
      role,
      phone: '6281234567890',
      // Made-up passwords: one hash per password serves every account of a run.
      password_hash: await sharedPasswordHash(password),
      is_active: overrides.is_active ?? true,
      created_at: overrides.created_at ?? nextFactoryTime(),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, role, fullname };
}

/** A live session for the user, without going through the login route: `{ authorization }`. */
export async function authHeader(db: Db, user: { id: string }): Promise<{ authorization: string }> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    user_id: user.id,
    token_hash: hash,
    expires_at: new Date(Date.now() + 60 * 60 * 1000),
  });
  return { authorization: `Bearer ${token}` };
}

/** A user of the role and its auth header, in one call. */
export async function signedIn(db: Db, role: RoleKey = 'superadmin') {
  const user = await buildUser(db, { role });
  return { user, headers: await authHeader(db, user) };
}
