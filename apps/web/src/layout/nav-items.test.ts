import { describe, expect, it } from 'vitest';
import { rolePermissions } from '@ajar/shared/common/roles';
import { activeNavLink, isNavGroup, navItems, visibleNavItems, type NavItem } from './nav-items';

const labels = (items: NavItem[]) =>
  items.map((item) =>
    isNavGroup(item) ? `${item.label}(${item.children.map((c) => c.label).join(',')})` : item.label,
  );

describe('visibleNavItems', () => {
  it('shows an admin the whole menu of spec 01 §2', () => {
    expect(labels(visibleNavItems(navItems, rolePermissions.admin))).toEqual([
      'Dashboard',
      'Program',
      'Kelola Nilai(Daftar Program,Import Nilai UK,Import Nilai TPM)',
      'Diskusi(Diskusi Private,Diskusi Publik)',
      'Notifikasi',
      'Reseller',
      'Presensi',
      'Hapus Akun Peserta',
    ]);
  });

  it('hides from a trainer what the role may not do', () => {
    const visible = labels(visibleNavItems(navItems, rolePermissions.trainer));
    expect(visible).not.toContain('Reseller');
    expect(visible).not.toContain('Notifikasi');
    expect(visible).not.toContain('Pengguna');
    expect(visible).not.toContain('Hapus Akun Peserta');
    expect(visible).toContain('Presensi');
  });

  it('shows the superadmin the staff accounts entry too', () => {
    expect(labels(visibleNavItems(navItems, rolePermissions.superadmin))).toContain('Pengguna');
    expect(activeNavLink(navItems, '/pengguna')?.label).toBe('Pengguna');
    expect(labels(visibleNavItems(navItems, rolePermissions.superadmin))).toContain(
      'Log Aktivitas',
    );
    expect(labels(visibleNavItems(navItems, rolePermissions.admin))).not.toContain('Log Aktivitas');
    expect(labels(visibleNavItems(navItems, rolePermissions.superadmin))).toContain(
      'Kebijakan Privasi',
    );
    expect(labels(visibleNavItems(navItems, rolePermissions.admin))).not.toContain(
      'Kebijakan Privasi',
    );
  });

  it('drops a group left without entries', () => {
    const items: NavItem[] = [
      {
        label: 'Grup',
        icon: navItems[0].icon,
        children: [{ label: 'A', to: '/a', icon: navItems[0].icon, permission: 'users.manage' }],
      },
    ];
    expect(visibleNavItems(items, ['dashboard.view'])).toEqual([]);
  });
});

describe('activeNavLink', () => {
  it('picks the longest matching entry, the first on a tie', () => {
    const items = visibleNavItems(navItems, rolePermissions.admin);
    expect(activeNavLink(items, '/program/12/edit')?.label).toBe('Program');
    expect(activeNavLink(items, '/discussion/private/program/1')?.label).toBe('Diskusi Private');
    expect(activeNavLink(items, '/import-feedback')?.label).toBe('Import Nilai TPM');
    expect(activeNavLink(items, '/programme')).toBeNull();
    // Kelola Nilai > Daftar Program is the grading list, apart from the authoring list.
    expect(activeNavLink(items, '/kelola-nilai')?.to).toBe('/kelola-nilai');
    expect(activeNavLink(items, '/program')?.label).toBe('Program');
    // Daftar Peserta, opened from the grading list, keeps Kelola Nilai > Daftar Program lit.
    expect(activeNavLink(items, '/program/users/42')?.to).toBe('/kelola-nilai');
    expect(activeNavLink(items, '/program/42')?.label).toBe('Program');
  });
});
