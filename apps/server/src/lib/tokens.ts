import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
  keylen: number;
}

/**
 * OWASP's scrypt setting (N = 2^17, r = 8, p = 1): 128 MiB of memory and ~0.3 s of one core per
 * hash on the reference machine.
 */
export const passwordHashParams: ScryptParams = { N: 2 ** 17, r: 8, p: 1, keylen: 64 };

/**
 * Test runs only (process NODE_ENV=test, which vitest sets): the suites sign in and create
 * accounts hundreds of times, and ~0.3 s each would add minutes. Never chosen in development or
 * production; the upgrade test and one sign-in test switch back to `passwordHashParams` with
 * `setPasswordHashParamsForTests`.
 */
export const testOnlyPasswordHashParams: ScryptParams = { N: 2 ** 10, r: 8, p: 1, keylen: 64 };

const isTestProcess = () => process.env.NODE_ENV === 'test';

let target: ScryptParams = isTestProcess() ? testOnlyPasswordHashParams : passwordHashParams;

/** The parameters new hashes get (and old hashes are upgraded to). */
export function currentPasswordHashParams(): ScryptParams {
  return target;
}

/** Tests only: which parameters new hashes get. Throws outside NODE_ENV=test. */
export function setPasswordHashParamsForTests(params: ScryptParams): void {
  if (!isTestProcess()) throw new Error('password hash parameters are fixed outside tests');
  target = params;
}

/** Stored hashes are ours, but a corrupted or foreign row must not make scrypt take gigabytes. */
const ceiling = { N: 2 ** 20, r: 16, p: 4, keylen: 128 };

/** node's check is about 128 · N · r bytes; the limit leaves room for the small extras. */
const maxmemFor = ({ N, r, p }: ScryptParams) => 128 * r * (N + p + 2) + 1024 * 1024;

/**
 * At most this many scrypt runs at once in this process. Each takes 128 MiB and one of libuv's
 * four pool threads (UV_THREADPOOL_SIZE), which file reads and DNS share: two leave the others
 * free for them and bound the hashing memory to 256 MiB whatever the number of logins. More
 * would not sign in faster on a two-core server either.
 */
const maxConcurrentHashes = 2;

/**
 * Who waits for a hash slot. `account`: sign-ins and signed-in changes. `registration`: new
 * member accounts, open to anyone — at most one of the slots, a short queue of its own, and a
 * freed slot goes to a waiting sign-in first, so a flood of registrations never holds sign-ins of
 * existing accounts back.
 */
export type HashLane = 'account' | 'registration';
const laneSlots: Record<HashLane, number> = { account: maxConcurrentHashes, registration: 1 };
/** Registrations waiting beyond this are refused at once (`HashQueueFullError`). */
export const maxWaitingRegistrations = 10;
const laneOrder: HashLane[] = ['account', 'registration'];
const running: Record<HashLane, number> = { account: 0, registration: 0 };
const waiting: Record<HashLane, Array<() => void>> = { account: [], registration: [] };

/** The registration lane's queue is full: the caller answers "try again shortly". */
export class HashQueueFullError extends Error {
  constructor() {
    super('password hash queue full');
    this.name = 'HashQueueFullError';
  }
}

const canStart = (lane: HashLane) =>
  running.account + running.registration < maxConcurrentHashes && running[lane] < laneSlots[lane];

/** Starts waiters while slots allow, sign-ins first. */
function pump(): void {
  for (const lane of laneOrder) {
    while (waiting[lane].length > 0 && canStart(lane)) {
      running[lane] += 1;
      waiting[lane].shift()!();
    }
  }
}

async function withHashSlot<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
  if (waiting[lane].length === 0 && canStart(lane)) {
    running[lane] += 1;
  } else {
    if (lane === 'registration' && waiting.registration.length >= maxWaitingRegistrations) {
      throw new HashQueueFullError();
    }
    // pump() counts the slot as running before it resolves this.
    await new Promise<void>((resolve) => waiting[lane].push(resolve));
  }
  try {
    return await work();
  } finally {
    running[lane] -= 1;
    pump();
  }
}

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  lane: HashLane = 'account',
): Promise<Buffer> {
  return withHashSlot(
    lane,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(
          password,
          salt,
          params.keylen,
          { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) },
          (err, key) => (err ? reject(err) : resolve(key)),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url salt and hash): the parameters travel with the hash. */
export async function hashPassword(
  password: string,
  params: ScryptParams = currentPasswordHashParams(),
  lane: HashLane = 'account',
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, params, lane);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/**
 * One hash per password and parameter set for the whole process: for accounts whose password is
 * public or made up (the demo seed, test factories), where many rows may share a hash and only the
 * first call pays for scrypt. Never for a user's own password (the map keeps it in memory).
 */
const sharedHashes = new Map<string, Promise<string>>();
export function sharedPasswordHash(password: string): Promise<string> {
  const { N, r, p, keylen } = currentPasswordHashParams();
  const key = `${N}/${r}/${p}/${keylen}/${password}`;
  let hash = sharedHashes.get(key);
  if (!hash) {
    hash = hashPassword(password);
    sharedHashes.set(key, hash);
    // A failed hash is not kept: the next call tries again.
    hash.catch(() => sharedHashes.delete(key));
  }
  return hash;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [algo, n, r, p, saltText, hashText, ...rest] = stored.split('$');
  if (algo !== 'scrypt' || !saltText || !hashText || rest.length > 0) return null;
  const hash = Buffer.from(hashText, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p), keylen: hash.length };
  const powerOfTwo =
    Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  const bounded =
    powerOfTwo &&
    params.N <= ceiling.N &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= ceiling.r &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= ceiling.p &&
    params.keylen >= 16 &&
    params.keylen <= ceiling.keylen;
  return bounded ? { params, salt: Buffer.from(saltText, 'base64url'), hash } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/**
 * True when a stored hash is weaker than what new hashes get (an N = 2^14 hash of before issue
 * 10): the next successful sign-in rewrites it. A stronger one is left alone.
 */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, keylen } = parsed.params;
  const wanted = currentPasswordHashParams();
  return N * r * p < wanted.N * wanted.r * wanted.p || keylen < wanted.keylen;
}

/** The scrypt parameters of a stored hash (tests and tools). */
export function passwordHashParamsOf(stored: string): ScryptParams | null {
  return parseHash(stored)?.params ?? null;
}

/** A random opaque token for the client; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
