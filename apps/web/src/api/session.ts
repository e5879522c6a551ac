import type { AuthUser } from '@ajar/shared/auth/auth.schemas';

/** The stored session (spec 01 §9: localStorage item `ytc_auth`). */
export interface StoredSession {
  token: string;
  expires_at: string;
  user: AuthUser;
}

export const SESSION_KEY = 'ytc_auth';

type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    if (!session.token || !session.user) return null;
    if (session.expires_at && new Date(session.expires_at).getTime() < Date.now()) return null;
    return session;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession | null) {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  for (const listener of listeners) listener(session);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
