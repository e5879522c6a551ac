import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/tokens';

/** The demo accounts of DESIGN §9. */
export const demoAccounts = {
  admin: {
    email: 'admin@ajar.test',
    password: 'Rahasia123',
    fullname: 'Admin Ajar',
    role: 'superadmin',
  },
  trainer: {
    email: 'trainer@ajar.test',
    password: 'Rahasia123',
    fullname: 'Budi Santoso',
    role: 'trainer',
  },
} as const;

export async function seedUsers(db: Db) {
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    const known = hashes.get(password);
    if (known) return known;
    const hashing = hashPassword(password);
    hashes.set(password, hashing);
    return hashing;
  };
  const rows = [];
  for (const account of [
    { ...demoAccounts.admin, phone: '6281200000001' },
    { ...demoAccounts.trainer, phone: '6281200000002' },
    {
      email: 'staf@ajar.test',
      password: 'Rahasia123',
      fullname: 'Siti Rahmawati',
      role: 'admin' as const,
      phone: '6281200000003',
    },
    {
      email: 'dewi.lestari@ajar.test',
      password: 'Rahasia123',
      fullname: 'Dewi Lestari',
      role: 'trainer' as const,
      phone: '6281200000004',
    },
  ]) {
    rows.push({
      email: account.email,
      fullname: account.fullname,
      role: account.role,
      phone: account.phone,
      // Every demo account shares one password: one scrypt hash (≈0.4 s each) serves them all.
      password_hash: await hashOnce(account.password),
    });
  }
  return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
}
