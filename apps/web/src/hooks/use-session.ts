import { useSyncExternalStore } from 'react';
import type { AuthUser } from '@ajar/shared/auth/auth.schemas';
import type { Permission } from '@ajar/shared/common/roles';
import { readSession, SESSION_KEY, subscribeSession, type StoredSession } from '../api/session';

let cachedRaw: string | null | undefined;
let cached: StoredSession | null = null;

// Keyed on the stored text so the snapshot is stable between renders and follows other tabs.
function getSnapshot(): StoredSession | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = readSession();
  }
  return cached;
}

function subscribe(onChange: () => void): () => void {
  const unsubscribe = subscribeSession(onChange);
  // Signing out in one tab signs out the others.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session (localStorage `ytc_auth`), or null when signed out. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** The signed-in user; only for screens under the signed-in guard. */
export function useCurrentUser(): AuthUser {
  const session = useSession();
  if (!session) throw new Error('useCurrentUser outside the signed-in routes');
  return session.user;
}

export function hasPermission(user: AuthUser | null | undefined, permission?: Permission): boolean {
  if (!permission) return true;
  return user?.permissions.includes(permission) ?? false;
}

/** Whether the signed-in user holds a permission (from the login reply's `user.permissions`). */
export function useCan(permission: Permission): boolean {
  return hasPermission(useSession()?.user, permission);
}
