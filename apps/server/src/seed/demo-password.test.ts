import { afterEach, describe, expect, it } from 'vitest';
import {
  passwordHashParams,
  passwordHashParamsOf,
  setPasswordHashParamsForTests,
  testOnlyPasswordHashParams,
  verifyPassword,
} from '../lib/tokens';
import { demoPassword, demoPasswordHash, demoPasswordHashAtDefaultParams } from './demo-password';

describe('the demo password hash', () => {
  afterEach(() => setPasswordHashParamsForTests(testOnlyPasswordHashParams));

  it('is a hash of the demo password at the current default parameters', async () => {
    expect(passwordHashParamsOf(demoPasswordHashAtDefaultParams)).toEqual(passwordHashParams);
    expect(await verifyPassword(demoPassword, demoPasswordHashAtDefaultParams)).toBe(true);
    expect(await verifyPassword('Rahasia124', demoPasswordHashAtDefaultParams)).toBe(false);
  });

  it('is the constant with the default parameters, one cheaper hash in tests', async () => {
    setPasswordHashParamsForTests(passwordHashParams);
    expect(await demoPasswordHash()).toBe(demoPasswordHashAtDefaultParams);
    setPasswordHashParamsForTests(testOnlyPasswordHashParams);
    const cheap = await demoPasswordHash();
    expect(passwordHashParamsOf(cheap)).toEqual(testOnlyPasswordHashParams);
    expect(await demoPasswordHash()).toBe(cheap);
    expect(await verifyPassword(demoPassword, cheap)).toBe(true);
  });
});
