import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentPasswordHashParams,
  HashQueueFullError,
  hashPassword,
  maxWaitingRegistrations,
  passwordHashParams,
  passwordHashParamsOf,
  passwordNeedsRehash,
  setPasswordHashParamsForTests,
  testOnlyPasswordHashParams,
  verifyPassword,
} from './tokens';

const old = { N: 2 ** 14, r: 8, p: 1, keylen: 64 };

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    setPasswordHashParamsForTests(testOnlyPasswordHashParams);
  });

  it('uses at least the OWASP scrypt setting outside tests', () => {
    expect(passwordHashParams.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(passwordHashParams.r).toBe(8);
    expect(passwordHashParams.p).toBe(1);
  });

  it('the low test cost is chosen only when the process runs with NODE_ENV=test', async () => {
    expect(currentPasswordHashParams()).toEqual(testOnlyPasswordHashParams);
    for (const env of ['production', 'development']) {
      vi.stubEnv('NODE_ENV', env);
      vi.resetModules();
      const fresh = await import('./tokens');
      expect(fresh.currentPasswordHashParams(), env).toEqual(passwordHashParams);
      expect(() => fresh.setPasswordHashParamsForTests(testOnlyPasswordHashParams)).toThrow();
    }
  });

  it('stores the parameters in the hash and verifies with them', async () => {
    const weak = await hashPassword('Rahasia123', old);
    expect(weak).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(passwordHashParamsOf(weak)).toEqual(old);
    expect(await verifyPassword('Rahasia123', weak)).toBe(true);
    expect(await verifyPassword('Rahasia124', weak)).toBe(false);
  });

  it('the real setting hashes and verifies (N = 2^17 needs maxmem above 128 MiB)', async () => {
    const strong = await hashPassword('Rahasia123', passwordHashParams);
    expect(strong.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Rahasia123', strong)).toBe(true);
  });

  it('asks for a rehash of weaker hashes only, never a downgrade', async () => {
    setPasswordHashParamsForTests(passwordHashParams);
    const weak = await hashPassword('x1', old);
    expect(passwordNeedsRehash(weak)).toBe(true);
    expect(passwordNeedsRehash(weak.replace('$16384$', '$131072$'))).toBe(false);
    expect(passwordNeedsRehash(weak.replace('$16384$', '$262144$'))).toBe(false);
    setPasswordHashParamsForTests(testOnlyPasswordHashParams);
    expect(passwordNeedsRehash(weak)).toBe(false);
  });

  it('refuses malformed or absurd stored parameters without running scrypt on them', async () => {
    const weak = await hashPassword('x1', old);
    const [, , , , salt, hash] = weak.split('$');
    for (const stored of [
      '',
      'bcrypt$x',
      `scrypt$1000$8$1$${salt}$${hash}`, // not a power of two
      `scrypt$${2 ** 30}$8$1$${salt}$${hash}`, // gigabytes of memory
      `scrypt$16384$64$1$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
      `${weak}$extra`,
    ]) {
      expect(await verifyPassword('x1', stored), stored).toBe(false);
      expect(passwordNeedsRehash(stored)).toBe(false);
    }
  });

  it('many hashes at once all finish through the two hashing slots', async () => {
    const hashes = await Promise.all(
      Array.from({ length: 9 }, (_, i) => hashPassword(`pw${i}`, testOnlyPasswordHashParams)),
    );
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`pw${i}`, h)));
    expect(checks.every(Boolean)).toBe(true);
  });
});

describe('hash lanes', () => {
  it('a sign-in never waits behind queued registrations; a full registration queue refuses', async () => {
    // A registration's hash costs eight sign-ins': a sign-in that starts at once finishes first
    // even when the machine starves one hashing thread for a while; one queued behind the
    // registrations finishes last.
    const cost = { N: 2 ** 15, r: 8, p: 1, keylen: 64 };
    const stored = await hashPassword('Rahasia123', { ...cost, N: 2 ** 12 });
    const done: string[] = [];
    const registrations = Array.from({ length: 1 + maxWaitingRegistrations }, (_, i) =>
      hashPassword(`daftar-${i}`, cost, 'registration').then(() => done.push(`r${i}`)),
    );
    await expect(hashPassword('satu-lagi', cost, 'registration')).rejects.toBeInstanceOf(
      HashQueueFullError,
    );
    const signIn = verifyPassword('Rahasia123', stored).then((ok) => {
      done.push('signin');
      return ok;
    });
    expect(await signIn).toBe(true);
    await Promise.all(registrations);
    // One registration ran when the sign-in came; the sign-in took the free slot at once (not
    // after the ten queued ones).
    expect(done.indexOf('signin')).toBeLessThan(3);
    expect(done.filter((d) => d.startsWith('r'))).toEqual(registrations.map((_, i) => `r${i}`));
  });
});
