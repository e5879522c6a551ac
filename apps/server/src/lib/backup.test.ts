import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import archiver from 'archiver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { serverSecrets } from '../db/schema';
import { pgliteTemplateFile } from '../test/global-setup';
import { s3StorageOptions, startS3Server } from '../test/s3-server';
import { S3Storage } from './s3-storage';
import {
  BackupError,
  backupFormat,
  manifestName,
  pgliteEntry,
  restoreBackup,
  s3BackupTarget,
  writeBackup,
  writeBackupFile,
  writeBackupObject,
  type BackupManifest,
} from './backup';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Entry names of a .tar.gz, in order (ustar/PAX headers read by hand: the format under test). */
async function tarNames(file: string): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of fs.createReadStream(file).pipe(createGunzip()))
    chunks.push(chunk as Buffer);
  const tar = Buffer.concat(chunks);
  const names: string[] = [];
  let pax: string | undefined;
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(header.subarray(124, 136).toString().replace(/\0.*$/, '').trim(), 8);
    const type = String.fromCharCode(header[156]!);
    const body = tar.subarray(at + 512, at + 512 + size).toString();
    if (type === 'x') pax = /\d+ path=([^\n]*)\n/.exec(body)?.[1];
    else {
      const prefix = header.subarray(345, 500).toString().replace(/\0.*$/s, '');
      const name = header.subarray(0, 100).toString().replace(/\0.*$/s, '');
      names.push(pax ?? (prefix ? `${prefix}/${name}` : name));
      pax = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

const longName = `${'materi-'.repeat(20)}akhir.pdf`;
const mediaFiles: Record<string, Buffer> = {
  'uploads/a/foto.jpg': Buffer.from('JPEG bytes'),
  [`uploads/b/${longName}`]: Buffer.alloc(70_000, 7),
  'kosong.txt': Buffer.alloc(0),
};

let source: string;
let archive: string;
let manifest: BackupManifest;

beforeAll(async () => {
  source = path.join(work, 'source');
  const database: Database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(source, 'db'),
    loadDataDir: new Blob([fs.readFileSync(pgliteTemplateFile)]),
  });
  await database.db.insert(serverSecrets).values({ name: 'backup-test', value: 'nilai-rahasia' });
  for (const [name, bytes] of Object.entries(mediaFiles)) {
    fs.mkdirSync(path.dirname(path.join(source, 'media', name)), { recursive: true });
    fs.writeFileSync(path.join(source, 'media', name), bytes);
  }
  archive = path.join(work, 'cadangan.tar.gz');
  manifest = await writeBackup({ database, dataDir: source, out: fs.createWriteStream(archive) });
  await database.close();
});

describe('a backup archive', () => {
  it('holds the database dump, every media file and a manifest of their hashes, last', async () => {
    const names = await tarNames(archive);
    expect(names.at(-1)).toBe(manifestName);
    expect(names.slice(0, -1).sort()).toEqual(
      [pgliteEntry, ...Object.keys(mediaFiles).map((name) => `media/${name}`)].sort(),
    );
    expect(manifest).toMatchObject({ format: backupFormat, database: 'pglite' });
    expect(manifest.migrations).toBeGreaterThan(10);
    for (const [name, bytes] of Object.entries(mediaFiles)) {
      expect(manifest.files[`media/${name}`]).toEqual({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      });
    }
  });

  it('restores into an empty DATA_DIR: the rows and the media files come back', async () => {
    const target = path.join(work, 'restored');
    const result = await restoreBackup(archive, target);
    expect(result.manifest.createdAt).toBe(manifest.createdAt);
    for (const name of Object.keys(mediaFiles)) {
      expect(sha256(path.join(target, 'media', name))).toBe(
        sha256(path.join(source, 'media', name)),
      );
    }
    expect(fs.readdirSync(target).sort()).toEqual(['db', 'media']);
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'db') });
    try {
      const rows = await restored.db
        .select()
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'backup-test'));
      expect(rows.map((row) => row.value)).toEqual(['nilai-rahasia']);
    } finally {
      await restored.close();
    }
  });

  it('refuses a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const target = path.join(work, 'occupied');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'catatan.txt'), 'milik orang lain');
    await expect(restoreBackup(archive, target)).rejects.toThrow(/tidak kosong/);
    expect(fs.readdirSync(target)).toEqual(['catatan.txt']);
  });

  it('refuses an archive whose file does not match its manifest, writing nothing', async () => {
    const forged = path.join(work, 'palsu.tar.gz');
    const out = fs.createWriteStream(forged);
    const tar = archiver('tar', { gzip: true });
    tar.pipe(out);
    tar.append('diubah', { name: 'media/x.txt' });
    const fake: BackupManifest = {
      ...manifest,
      files: { 'media/x.txt': { sha256: '0'.repeat(64), size: 6 } },
    };
    tar.append(JSON.stringify(fake), { name: manifestName });
    await tar.finalize();
    await new Promise<void>((resolve) => out.on('close', () => resolve()));
    const target = path.join(work, 'from-forged');
    const failure = restoreBackup(forged, target);
    await expect(failure).rejects.toBeInstanceOf(BackupError);
    await expect(failure).rejects.toThrow(/tidak cocok/);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(work).filter((name) => name.includes('.restoring-'))).toEqual([]);
  });

  it('writes the daily backup into BACKUP_DIR and keeps only the newest BACKUP_KEEP', async () => {
    const backupDir = path.join(work, 'backups');
    fs.mkdirSync(backupDir);
    fs.writeFileSync(path.join(backupDir, 'catatan-lain.txt'), 'bukan cadangan');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(source, 'db') });
    try {
      for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) {
        await writeBackupFile({
          database,
          dataDir: source,
          backupDir,
          keep: 2,
          now: new Date(`${day}T02:30:00Z`),
        });
      }
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(backupDir).sort()).toEqual([
      'ajar-backup-2026-11-02T02-30-00Z.tar.gz',
      'ajar-backup-2026-11-03T02-30-00Z.tar.gz',
      'catatan-lain.txt',
    ]);
    const names = await tarNames(path.join(backupDir, 'ajar-backup-2026-11-03T02-30-00Z.tar.gz'));
    expect(names).toContain(pgliteEntry);
    expect(names.at(-1)).toBe(manifestName);
  });

  it('writes the daily backup to an s3:// BACKUP_DIR and keeps only the newest BACKUP_KEEP there', async () => {
    expect(s3BackupTarget('./backups')).toBeNull();
    expect(s3BackupTarget('s3://cadangan')).toEqual({ bucket: 'cadangan', prefix: '' });
    const s3 = await startS3Server();
    const bucket = new S3Storage(s3StorageOptions(s3));
    const target = s3BackupTarget(`s3://${s3.bucket}/ajar/harian/`)!;
    expect(target).toEqual({ bucket: s3.bucket, prefix: 'ajar/harian/' });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(source, 'db') });
    try {
      await bucket.put('ajar/harian/catatan-lain.txt', Readable.from([Buffer.from('bukan')]));
      await bucket.put(
        'ajar/ajar-backup-2026-10-01T02-30-00Z.tar.gz',
        Readable.from([Buffer.from('di luar prefix')]),
      );
      const written: string[] = [];
      for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) {
        written.push(
          await writeBackupObject({
            database,
            dataDir: source,
            bucket,
            target,
            keep: 2,
            now: new Date(`${day}T02:30:00Z`),
          }),
        );
      }
      expect(written.at(-1)).toBe(
        `s3://${s3.bucket}/ajar/harian/ajar-backup-2026-11-03T02-30-00Z.tar.gz`,
      );
      expect((await bucket.list('ajar/')).sort()).toEqual([
        'ajar/ajar-backup-2026-10-01T02-30-00Z.tar.gz',
        'ajar/harian/ajar-backup-2026-11-02T02-30-00Z.tar.gz',
        'ajar/harian/ajar-backup-2026-11-03T02-30-00Z.tar.gz',
        'ajar/harian/catatan-lain.txt',
      ]);
      const copy = path.join(work, 'dari-s3.tar.gz');
      await pipeline(
        await bucket.createReadStream('ajar/harian/ajar-backup-2026-11-03T02-30-00Z.tar.gz'),
        fs.createWriteStream(copy),
      );
      const names = await tarNames(copy);
      expect(names).toContain(pgliteEntry);
      expect(names.at(-1)).toBe(manifestName);
    } finally {
      await database.close();
      await bucket.close();
      await s3.close();
    }
  });
});
