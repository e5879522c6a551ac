import type { MemberProfile } from '@ajar/shared/members/members.schemas';

/**
 * The participant's session in localStorage `ajar_member_auth`, apart from the back office's
 * `ytc_auth`: one browser may hold a staff and a participant session side by side.
 */
export interface MemberSession {
  token: string;
  expires_at: string;
  member: MemberProfile;
}

export const SESSION_KEY = 'ajar_member_auth';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; session: MemberSession | null } = { raw: null, session: null };

function parse(raw: string | null): MemberSession | null {
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as MemberSession;
    if (!session.token || !session.member) return null;
    if (session.expires_at && new Date(session.expires_at).getTime() < Date.now()) return null;
    return session;
  } catch {
    return null;
  }
}

/** The stored session, or null; the same object while the stored text is unchanged. */
export function readSession(): MemberSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SESSION_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cached.raw) cached = { raw, session: parse(raw) };
  return cached.session;
}

export function writeSession(session: MemberSession | null) {
  // Another sign-in (or none) starts without the previous member's consent question.
  consentRequired = false;
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the session here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The message 'Masuk' shows after the server ended the session (a 401 on a signed-in call). The
 * guard sends the participant to 'Masuk' when the session is cleared; this says why.
 */
let signInNotice: string | null = null;
export function setSignInNotice(message: string | null) {
  signInNotice = message;
}
export function readSignInNotice(): string | null {
  return signInNotice;
}

/**
 * Set when the server refused a call because a newer privacy notice waits for the member's
 * consent (`consent_required`): the guard shows the consent screen until they agree. Not stored:
 * the next call after a reload asks the server again.
 */
let consentRequired = false;
export function setConsentRequired(required: boolean) {
  if (consentRequired === required) return;
  consentRequired = required;
  for (const listener of listeners) listener();
}
export function readConsentRequired(): boolean {
  return consentRequired;
}
