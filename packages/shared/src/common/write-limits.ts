import { waitText } from '../auth/auth.schemas';

/** At most `max` requests of one account inside each window of `windowSeconds`. */
export interface WriteLimit {
  max: number;
  windowSeconds: number;
}

/**
 * What a signed-in account's writes are counted as: every POST/PUT/PATCH/DELETE is `write`;
 * a chat message, a discussion post or reply and an upload (a multipart body) count on their own
 * limit too. The figures and why they fit a real class are in docs/decisions.md.
 */
export type WriteLimitKind = 'write' | 'chat' | 'discussion' | 'upload';

/** Per kind, the limit of a participant (`member`) and of a staff account (`staff`). */
export const writeLimits: Record<WriteLimitKind, Record<'member' | 'staff', WriteLimit>> = {
  write: {
    member: { max: 180, windowSeconds: 60 },
    staff: { max: 300, windowSeconds: 60 },
  },
  chat: {
    member: { max: 30, windowSeconds: 60 },
    staff: { max: 30, windowSeconds: 60 },
  },
  discussion: {
    member: { max: 20, windowSeconds: 600 },
    staff: { max: 60, windowSeconds: 600 },
  },
  upload: {
    member: { max: 30, windowSeconds: 600 },
    staff: { max: 200, windowSeconds: 600 },
  },
};

/** Sockets one session, and one account over all its sessions, may hold open at once. */
export const socketLimits = { perSession: 10, perAccount: 20 } as const;

export const writeLimitMessages = {
  /** The 429 of a write over its limit; `seconds` is its `Retry-After`. */
  tooMany: (seconds: number) => `Terlalu banyak permintaan. Coba lagi dalam ${waitText(seconds)}.`,
} as const;
