/**
 * The signed-in user's shape checked without zod: the shell checks the `/me` reply with
 * `parseAuthUser` so its first page does not load zod (bundle budget). A file of its own
 * so the login route does not load it either. `auth.user.test.ts` holds it to `authUserSchema`.
 */
import { permissions, roleKeys, type Permission, type RoleKey } from '../common/roles';

/** zod 4's UUID pattern (what `z.uuid()` accepts), for `parseAuthUser`. */
export const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** The signed-in user as the login and `/me` replies carry it: `authUserSchema`'s output. */
export interface SessionUser {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  role: { key: RoleKey; name: string };
  permissions: Permission[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRoleKey = (value: unknown): value is RoleKey =>
  (roleKeys as readonly unknown[]).includes(value);
const isPermission = (value: unknown): value is Permission =>
  (permissions as readonly unknown[]).includes(value);

/**
 * `authUserSchema.safeParse(value)` without zod: the user with only the schema's fields, in its
 * order (unknown fields dropped, as zod does), or null when the value does not fit.
 */
export function parseAuthUser(value: unknown): SessionUser | null {
  if (!isRecord(value) || !isRecord(value.role)) return null;
  const { id, fullname, email, phone, role, permissions: granted } = value;
  if (typeof id !== 'string' || !uuidPattern.test(id)) return null;
  if (typeof fullname !== 'string' || typeof email !== 'string') return null;
  if (phone !== null && typeof phone !== 'string') return null;
  if (!isRoleKey(role.key) || typeof role.name !== 'string') return null;
  if (!Array.isArray(granted) || !granted.every(isPermission)) return null;
  return {
    id,
    fullname,
    email,
    phone,
    role: { key: role.key, name: role.name },
    permissions: [...granted],
  };
}
