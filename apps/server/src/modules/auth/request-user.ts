import type { RoleKey } from '@ajar/shared/common/roles';

/** The signed-in staff user of a request, resolved from the bearer token by the auth plugin. */
export interface RequestUser {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  role: RoleKey;
  sessionId: string;
  /** When the session ends (a socket of it is closed then). */
  sessionExpiresAt: Date;
}
