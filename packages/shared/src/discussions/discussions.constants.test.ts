import { describe, expect, it } from 'vitest';
import { staffAuthorBadge } from './discussions.constants';

describe('staffAuthorBadge', () => {
  it("badges only a trainer 'Fasilitator'; an admin or a superadmin by their role", () => {
    expect(staffAuthorBadge('trainer')).toBe('Fasilitator');
    expect(staffAuthorBadge('admin')).toBe('Admin');
    expect(staffAuthorBadge('superadmin')).toBe('Super Admin');
  });
});
