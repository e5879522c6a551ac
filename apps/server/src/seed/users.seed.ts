import type { Db } from '../db/client';
import { users } from '../db/schema';
import { demoPassword, demoPasswordHash } from './demo-password';

/** The demo accounts of DESIGN §9. */
export const demoAccounts = {
  admin: {
    email: 'admin@ajar.test',
    password: demoPassword,
    fullname: 'Admin Ajar',
    role: 'superadmin',
  },
  trainer: {
    email: 'trainer@ajar.test',
    password: demoPassword,
    fullname: 'Budi Santoso',
    role: 'trainer',
  },
} as const;

export async function seedUsers(db: Db) {
  // Every demo account shares the published password, hence one hash (see demo-password.ts).
  const passwordHash = await demoPasswordHash();
  const rows = [
    { ...demoAccounts.admin, phone: '6281200000001' },
    { ...demoAccounts.trainer, phone: '6281200000002' },
    {
      email: 'staf@ajar.test',
      fullname: 'Siti Rahmawati',
      role: 'admin' as const,
      phone: '6281200000003',
    },
    {
      email: 'dewi.lestari@ajar.test',
      fullname: 'Dewi Lestari',
      role: 'trainer' as const,
      phone: '6281200000004',
    },
  ].map((account) => ({
    email: account.email,
    fullname: account.fullname,
    role: account.role,
    phone: account.phone,
    password_hash: passwordHash,
  }));
  return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
}
