import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { serverSecret } from '../../lib/server-secret';

/** What a participant opens through the server: the activity's PDF or its external link. */
export type ContentTarget = 'file' | 'link';

/** Hours a link handed out with the activity works (the page is reloaded far more often). */
const linkHours = 12;

interface LinkFields {
  memberId: string;
  programId: string;
  activityId: string;
  target: ContentTarget;
  /** Unix seconds. */
  exp: number;
}

async function sign(db: DbOrTx, f: LinkFields): Promise<string> {
  const secret = await serverSecret(db, 'content_links');
  return createHmac('sha256', secret)
    .update(`${f.memberId}:${f.programId}:${f.activityId}:${f.target}:${f.exp}`)
    .digest('base64url');
}

/**
 * The address a participant opens content through: the browser navigates there without the
 * bearer token (a PDF in the page, a link in a new tab), so the member and an expiry are signed
 * into it. The route records the opening and redirects to the content.
 */
export async function contentLink(
  db: DbOrTx,
  f: Omit<LinkFields, 'exp'>,
  now: Date,
): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + linkHours * 3600;
  const sig = await sign(db, { ...f, exp });
  const query = new URLSearchParams({ member: f.memberId, exp: String(exp), sig });
  return `/api/member/v1/program/${f.programId}/activity/${f.activityId}/open/${f.target}?${query}`;
}

/** Whether a link's signature is this server's and it has not expired. */
export async function checkContentLink(db: DbOrTx, f: LinkFields & { sig: string }, now: Date) {
  if (f.exp * 1000 < now.getTime()) return false;
  const expected = Buffer.from(await sign(db, f));
  const given = Buffer.from(f.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
