import type { MatrixRole, MatrixWorld } from '../test/matrix-world';

/** One request of a row, built for one caller (ids of program A's world in the path). */
export interface RowRequest {
  /** Default: the route's first method. */
  method?: string;
  url: string;
  payload?: unknown;
  /** Merged over the caller's headers (a fresh session, a multipart content type). */
  headers?: Record<string, string>;
  /** Values of program A the caller sent inside a file (not visible in the payload's text). */
  echoes?: string[];
}

export interface RowContext {
  w: MatrixWorld;
  role: MatrixRole;
  /** The caller's own headers (`{}` for anonymous). */
  headers: Record<string, string>;
}

/**
 * Expected statuses in the order of `matrixRoles`:
 * anonymous, member (redeemed in A), trainer B (another program), trainer A (facilitator of A),
 * admin, superadmin. Written as text so a row reads as one line: `'401 401 404 200 200 200'`.
 */
export type Statuses = string;

export interface MatrixRow {
  /** `METHOD /pattern`, exactly as the app registers it. */
  route: string;
  expect: Statuses;
  /** Why these statuses: the guard and the service's scope. */
  why: string;
  /**
   * Replies to anonymous callers that are meant to carry program A's data (a public page of a
   * published program, a certificate check): skipped by the leak check for 2xx answers.
   */
  publicData?: boolean;
  /**
   * Why an encoded path of this public route answers 404 where the plain one answers 200 (a
   * library that maps the raw URL to a file); never allowed on a guarded route.
   */
  encodedNotFound?: string;
  /** Builds the request; may create a disposable object first (deletes, logouts). */
  request: (ctx: RowContext) => RowRequest | Promise<RowRequest>;
}

export const row = (
  route: string,
  expect: Statuses,
  why: string,
  request: MatrixRow['request'],
  extra: Pick<MatrixRow, 'publicData' | 'encodedNotFound'> = {},
): MatrixRow => ({ route, expect, why, request, ...extra });

/** Common shapes, each with its reason (the rows add what is specific). */
export const S = {
  /** No guard: everyone gets the same answer. */
  open: (status = 200) => Array(6).fill(String(status)).join(' '),
  /** Member guard: only a member session; a staff token is not a member token (401). */
  member: (status = 200) => `401 ${status} 401 401 401 401`,
  /** Staff guard without a permission: any staff session. */
  anyStaff: '401 401 200 200 200 200',
  /** A program-scoped permission a trainer holds: trainer B outside program A gets 404. */
  scoped: '401 401 404 200 200 200',
  /** A permission trainers lack (program.manage, media, reseller, notification): 403. */
  manage: '401 401 403 403 200 200',
  /** users.manage: the superadmin only. */
  superOnly: '401 401 403 403 403 200',
} as const;

type Data = Record<string, unknown>;

/** A call as the admin that must succeed: the set-up of a disposable object. */
export async function adminCall(w: MatrixWorld, method: string, url: string, payload?: unknown) {
  const res = await w.app.inject({
    method: method as 'POST',
    url,
    headers: w.headers.admin,
    ...(payload === undefined ? {} : { payload: payload as Data }),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Data }>().data;
}
