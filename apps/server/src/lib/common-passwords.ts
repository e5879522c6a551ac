import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { authMessages, commonPasswordKey } from '@ajar/shared/auth/auth.schemas';
import { AppError } from './app-error';
import { serverPath } from './server-root';

/** 17,950 common passwords, lower case (see common-passwords/README.md). */
const listFile = serverPath('src/lib/common-passwords/common-passwords.txt.gz');

let list: ReadonlySet<string> | undefined;

/** Read once, at the first new password (about 170 kB in memory). */
function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    gunzipSync(fs.readFileSync(listFile))
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return list;
}

/** How many passwords the list holds (at least 10,000). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** Whether the password is in the list of common passwords, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(commonPasswordKey(password));
}

/**
 * Refuses a common password as a new password (ASVS V6.2): 400 `error validation` with
 * the reason on `field`, the shape a schema refusal has.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw AppError.validation({ [field]: authMessages.commonPassword });
}
