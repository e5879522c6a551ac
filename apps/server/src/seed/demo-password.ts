import { currentPasswordHashParams, passwordHashParams, sharedPasswordHash } from '../lib/tokens';

/** The published password of every demo account: staff, participants, resellers. */
export const demoPassword = 'Rahasia123';

/**
 * `demoPassword` hashed once with `hashPassword` at `passwordHashParams` (N = 2^17), kept here so
 * a first start spends no scrypt time on demo accounts (each run is ~0.3 s of one core and
 * 128 MiB). The password is public, so its hash hides nothing; a production start never seeds.
 * `demo-password.test.ts` checks that it verifies and still has the current parameters.
 */
export const demoPasswordHashAtDefaultParams =
  'scrypt$131072$8$1$pIXkb_YlBZ4oMYp85P2Xkg$j4NH-BlQKdJXqq1hclLJg6U9g_lt7YLfIyHn2LTT668thmP9vVYtlPfTdyFAn8RT-DWkz5I2RMTA7Ca-hSINpA';

/**
 * The one hash all demo accounts share: the constant above with the default parameters; in a test
 * process (cheaper parameters, so a seeded sign-in stays quick) one hash made on first use.
 */
export function demoPasswordHash(): Promise<string> {
  const wanted = currentPasswordHashParams();
  const atDefault = (['N', 'r', 'p', 'keylen'] as const).every(
    (k) => wanted[k] === passwordHashParams[k],
  );
  return atDefault
    ? Promise.resolve(demoPasswordHashAtDefaultParams)
    : sharedPasswordHash(demoPassword);
}
