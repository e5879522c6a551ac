import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';

describe('validation messages the API sends for parameters no schema words itself', () => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signedIn(t.db)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a non-number page and a page below 1 in Indonesian', async () => {
    const nan = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/list?page=abc',
      headers,
    });
    expect(nan.statusCode).toBe(400);
    expect(nan.json().validation).toEqual({ page: 'Nilai harus berupa angka' });

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/list?page=0',
      headers,
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().validation).toEqual({ page: 'Nilai harus lebih dari atau sama dengan 1' });
  });

  it('answers a malformed id in Indonesian', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/detail/not-a-uuid',
      headers,
    });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).not.toMatch(/Invalid|expected|Too small|received/);
  });
});
