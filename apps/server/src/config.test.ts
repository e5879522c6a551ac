import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.STORAGE).toBe('local');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad value in one clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', STORAGE: 'ftp' })).toThrow(
      /Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*STORAGE/,
    );
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('trusts forwarded addresses only when told', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback, fd00::/8' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,loopback,fd00::/8',
    );
    // `true` would believe every hop: the left of X-Forwarded-For is whatever the client wrote.
    for (const bad of ['true', '1', 'yes', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes a first superadmin only as a pair with an acceptable password', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'kepala@lembaga.id', ADMIN_PASSWORD: 'Mulai2026' });
    expect(config).toMatchObject({ ADMIN_EMAIL: 'kepala@lembaga.id', ADMIN_NAME: 'Administrator' });
    expect(() => loadConfig({ ADMIN_EMAIL: 'kepala@lembaga.id' })).toThrow(/ADMIN_PASSWORD/);
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'kepala@lembaga.id', ADMIN_PASSWORD: 'pendek1' }),
    ).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'bukan-email', ADMIN_PASSWORD: 'Mulai2026' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });

  it('refuses the demo password and common passwords for the production superadmin', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example' };
    for (const password of ['Rahasia123', 'rahasia123', 'Password123', 'Qwerty123']) {
      expect(
        () =>
          loadConfig({ ...production, ADMIN_EMAIL: 'kepala@lembaga.id', ADMIN_PASSWORD: password }),
        password,
      ).toThrow(/ADMIN_PASSWORD: in production must not be the demo password or a common password/);
    }
    expect(
      loadConfig({
        ...production,
        ADMIN_EMAIL: 'kepala@lembaga.id',
        ADMIN_PASSWORD: 'Kebun-Jeruk-2026',
      }).ADMIN_PASSWORD,
    ).toBe('Kebun-Jeruk-2026');
    // Outside production the demo password keeps working.
    expect(
      loadConfig({ ADMIN_EMAIL: 'admin@ajar.test', ADMIN_PASSWORD: 'Rahasia123' }).ADMIN_PASSWORD,
    ).toBe('Rahasia123');
  });

  it('refuses production without PUBLIC_URL, the origin of every link the server writes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: production needs/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://ajar.example' })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example' }).PUBLIC_URL,
    ).toBe('https://ajar.example');
  });

  it('serves the API description outside production, in production only when API_DOCS=true', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example' }).API_DOCS,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example', API_DOCS: 'true' })
        .API_DOCS,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).API_DOCS).toBe(false);
    for (const bad of ['yes', 'TRUE ', 'on', '2']) {
      expect(() => loadConfig({ API_DOCS: bad }), bad).toThrow(/API_DOCS/);
    }
  });
});
