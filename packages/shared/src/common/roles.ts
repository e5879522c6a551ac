/** Roles and the permission matrix of DESIGN §4. The server enforces it; the web hides what is not allowed. */
export const roleKeys = ['superadmin', 'admin', 'trainer'] as const;
export type RoleKey = (typeof roleKeys)[number];

export const roleNames: Record<RoleKey, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  trainer: 'Trainer',
};

export const permissions = [
  'dashboard.view',
  'program.view',
  'program.manage',
  'grade.manage',
  'discussion.manage',
  'notification.send',
  'reseller.manage',
  'presence.view',
  'media.manage',
  'users.manage',
  /** Confirm a participant's 'Hapus akun' (docs/personal-data.md). */
  'member.erase',
] as const;
export type Permission = (typeof permissions)[number];

const staff: Permission[] = [
  'dashboard.view',
  'program.view',
  'program.manage',
  'grade.manage',
  'discussion.manage',
  'notification.send',
  'reseller.manage',
  'presence.view',
  'media.manage',
  'member.erase',
];

/**
 * A trainer's program-scoped permissions (view, grade, discussion, presence) are limited to the
 * programs they are assigned to; services apply that scope.
 */
export const rolePermissions: Record<RoleKey, readonly Permission[]> = {
  superadmin: [...staff, 'users.manage'],
  admin: staff,
  trainer: ['dashboard.view', 'program.view', 'grade.manage', 'discussion.manage', 'presence.view'],
};

export function can(role: RoleKey | undefined, permission: Permission): boolean {
  if (!role) return false;
  return rolePermissions[role].includes(permission);
}

/** Roles whose program access is scoped to assigned programs. */
export function isProgramScoped(role: RoleKey): boolean {
  return role === 'trainer';
}
