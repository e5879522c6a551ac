import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authUserSchema, type AuthUser } from './auth.schemas';
import { parseAuthUser, uuidPattern, type SessionUser } from './auth.user';

describe('parseAuthUser', () => {
  const user = {
    id: '6f1c1e2a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
    fullname: 'Budi Santoso',
    email: 'budi@ajar.test',
    phone: null,
    role: { key: 'trainer', name: 'Trainer' },
    permissions: ['dashboard.view', 'program.view'],
  };

  it('has the type of authUserSchema', () => {
    const same: [SessionUser, AuthUser] = [{} as AuthUser, {} as SessionUser];
    expect(same).toHaveLength(2);
  });

  it('accepts and refuses what authUserSchema does, keeping its fields in its order', () => {
    const cases: unknown[] = [
      user,
      { ...user, phone: '0812' },
      { ...user, extra: 1, role: { ...user.role, extra: 2 } },
      {
        permissions: user.permissions,
        role: user.role,
        phone: null,
        email: 'x',
        fullname: 'y',
        id: user.id,
      },
      { ...user, permissions: [] },
      { ...user, id: 'bukan-uuid' },
      { ...user, id: '6f1c1e2a-3b4c-9d5e-8f90-1a2b3c4d5e6f' },
      { ...user, id: '00000000-0000-0000-0000-000000000000' },
      { ...user, phone: undefined },
      { ...user, phone: 12 },
      { ...user, fullname: null },
      { ...user, role: { key: 'owner', name: 'Owner' } },
      { ...user, role: { key: 'admin' } },
      { ...user, role: null },
      { ...user, permissions: ['dashboard.view', 'everything'] },
      { ...user, permissions: 'dashboard.view' },
      null,
      'user',
      [],
      undefined,
    ];
    for (const value of cases) {
      const expected = authUserSchema.safeParse(value);
      const parsed = parseAuthUser(value);
      const label = JSON.stringify(value);
      expect(parsed === null, label).toBe(!expected.success);
      if (expected.success)
        expect(JSON.stringify(parsed), label).toBe(JSON.stringify(expected.data));
    }
  });

  it("uses zod's UUID pattern", () => {
    for (const id of [
      user.id,
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      '6f1c1e2a3b4c4d5e8f901a2b3c4d5e6f',
      `${user.id} `,
    ]) {
      expect(uuidPattern.test(id), id).toBe(z.uuid().safeParse(id).success);
    }
  });
});
