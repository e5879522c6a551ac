import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertVapidConfig, loadVapidKeys, vapidFile } from './push';

const baseConfig = {
  VAPID_PUBLIC_KEY: undefined,
  VAPID_PRIVATE_KEY: undefined,
  VAPID_SUBJECT: 'mailto:admin@ajar.test',
};

describe('loadVapidKeys', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('generates once, keeps the file private, and reads it back', async () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = await loadVapidKeys({ ...baseConfig, dataDir });
    expect((fs.statSync(vapidFile({ dataDir })).mode & 0o777).toString(8)).toBe('600');
    expect(await loadVapidKeys({ ...baseConfig, dataDir })).toEqual(first);
  });

  it('agrees on one key pair when several starts race on an empty directory', async () => {
    const dataDir = tempDir();
    const all = await Promise.all(
      Array.from({ length: 5 }, () => loadVapidKeys({ ...baseConfig, dataDir })),
    );
    for (const keys of all) expect(keys).toEqual(all[0]);
    expect(fs.readdirSync(dataDir)).toEqual(['vapid.json']);
  });

  it('takes the env pair first and refuses half a pair', async () => {
    const dataDir = tempDir();
    const env = { ...baseConfig, dataDir, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' };
    expect(await loadVapidKeys(env)).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(fs.existsSync(vapidFile({ dataDir }))).toBe(false);
    const half = { ...baseConfig, dataDir, VAPID_PUBLIC_KEY: 'pub' };
    expect(() => assertVapidConfig(half)).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    await expect(loadVapidKeys(half)).rejects.toThrow(/must be set together/);
  });

  it('refuses a damaged key file rather than silently replacing the keys', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(vapidFile({ dataDir }), '{"publicKey": 1}');
    await expect(loadVapidKeys({ ...baseConfig, dataDir })).rejects.toThrow(/not a valid/);
  });
});
