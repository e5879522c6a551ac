import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { S3Storage } from './s3-storage';
import { createStorage, isValidStorageKey, LocalStorage } from './storage';

/** Every file under a folder, relative, temp folder included. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-storage-'));
    storage = new LocalStorage({ root, publicBaseUrl: 'https://ajar.example/' });
    await storage.prepare();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores a stream, reports its size, reads it whole and by range, and removes it', async () => {
    const { size } = await storage.put('2025/03/a.txt', Readable.from(['halo ', 'dunia']));
    expect(size).toBe(10);
    expect(fs.readFileSync(path.join(root, '2025/03/a.txt'), 'utf8')).toBe('halo dunia');
    expect(await storage.stat('2025/03/a.txt')).toMatchObject({ size: 10 });
    expect(await text(await storage.createReadStream('2025/03/a.txt'))).toBe('halo dunia');
    expect(await text(await storage.createReadStream('2025/03/a.txt', { start: 5, end: 9 }))).toBe(
      'dunia',
    );
    await storage.remove('2025/03/a.txt');
    expect(await storage.stat('2025/03/a.txt')).toBeNull();
    await storage.remove('2025/03/a.txt'); // removing twice is fine
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    async function* failing() {
      yield Buffer.from('separuh file');
      throw new Error('client pergi');
    }
    await expect(storage.put('2025/03/b.bin', failing())).rejects.toThrow('client pergi');
    expect(await storage.stat('2025/03/b.bin')).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it('refuses keys that could leave the root or reach hidden files', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.tmp/x', 'a/.hidden', 'a//b', '']) {
      expect(isValidStorageKey(key)).toBe(false);
      await expect(storage.stat(key)).rejects.toThrow('invalid storage key');
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'invalid storage key',
      );
    }
    expect(filesUnder(root)).toEqual([]);
    expect(isValidStorageKey('2025/03/0b7c.png')).toBe(true);
  });

  it('builds public URLs under /media, absolute with PUBLIC_URL', () => {
    expect(storage.publicUrl('2025/03/a.png')).toBe('https://ajar.example/media/2025/03/a.png');
    expect(new LocalStorage({ root }).publicUrl('2025/03/a.png')).toBe('/media/2025/03/a.png');
  });

  it('removes at start the temp files of interrupted uploads, not those of live writers', async () => {
    const tmp = path.join(root, '.tmp');
    // A real upload in flight, to learn the name its temp file gets.
    const body = new PassThrough();
    const upload = storage.put('2025/03/live.bin', body);
    body.write('x');
    await expect.poll(() => fs.readdirSync(tmp).length).toBe(1);
    const [live] = fs.readdirSync(tmp) as [string];
    const withPid = (pid: number) => live.replace(`-${process.pid}-`, `-${pid}-`);
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    const foreign = `000000000000-${process.pid}-${randomUUID()}.part`;
    const files = {
      // This machine, a writer that is gone: the files an interrupted upload or zip leaves.
      deadWriter: withPid(exited),
      // A former process with this process's id (a restarted container is pid 1 again).
      formerSelf: live.replace(/[0-9a-f-]{36}\.part$/, `${randomUUID()}.part`),
      // Another live server sharing the folder, and another machine: possibly in use.
      liveWriter: withPid(process.ppid),
      otherMachine: foreign,
      // Anyone's, untouched for a day.
      oldOtherMachine: `000000000000-1-${randomUUID()}.part`,
    };
    for (const name of Object.values(files)) fs.writeFileSync(path.join(tmp, name), 'x');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(tmp, files.oldOtherMachine), dayAgo, dayAgo);

    body.end();
    await upload;
    await new LocalStorage({ root }).prepare(); // a start

    expect(fs.readdirSync(tmp).sort()).toEqual([files.liveWriter, files.otherMachine].sort());
  });
});

describe('createStorage', () => {
  it('uses local disk under DATA_DIR/media by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/ajar-x' });
    const storage = createStorage(config);
    expect(storage.kind).toBe('local');
  });

  it('uses an S3 bucket with STORAGE=s3, its URLs still under /media', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/ajar-x',
      STORAGE: 's3',
      S3_BUCKET: 'ajar-media',
      PUBLIC_URL: 'https://ajar.example',
    });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('2025/03/a.png')).toBe('https://ajar.example/media/2025/03/a.png');
    expect(storage.presignedUrl).toBeTypeOf('function');
    await storage.close?.();
    expect(() => loadConfig({ DATA_DIR: '/tmp/ajar-x', STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('signs no links on local disk: its files are reached through the app only', () => {
    const storage = createStorage(loadConfig({ DATA_DIR: '/tmp/ajar-x' }));
    expect(storage.presignedUrl).toBeUndefined();
  });
});
