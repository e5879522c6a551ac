import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { openPglite } from '../db/pglite';
import { loadArchiver } from './lazy-modules';

/**
 * One backup file (docs/decisions.md, "Backups"): a .tar.gz holding
 * - `database/pgdata.tar.gz`: the embedded database (PGlite's `dumpDataDir`, taken under its query
 *   lock, so no statement runs while it is copied), or `database/dump.sql` (pg_dump, PostgreSQL);
 * - `media/…`: every file under DATA_DIR/media (local storage);
 * - `manifest.json`, last: format, time, database kind, migration count, and the SHA-256 and size of
 *   every other entry, written as they stream, so a restore checks each file against it.
 */
export const backupFormat = 'ajar-backup/1';
export const manifestName = 'manifest.json';
export const pgliteEntry = 'database/pgdata.tar.gz';
export const pgDumpEntry = 'database/dump.sql';
/** The file beside the database through which `npm run backup` reaches the running server. */
export const backupTokenFile = 'backup-token';

export interface BackupManifest {
  format: typeof backupFormat;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: number;
  files: Record<string, { sha256: string; size: number }>;
}

export class BackupError extends Error {}

/** The migrations applied (drizzle's own table), written in the manifest. */
async function migrationCount(database: Database): Promise<number> {
  const rows = (await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0]?.n ?? 0;
}

/** Every regular file under `root`, as paths relative to it with `/` separators, sorted. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** A stream that passes bytes through and records their hash and count in the manifest. */
function hashing(files: BackupManifest['files'], name: string): PassThrough {
  const hash = createHash('sha256');
  let size = 0;
  const through = new PassThrough();
  through.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  through.on('end', () => (files[name] = { sha256: hash.digest('hex'), size }));
  return through;
}

export interface WriteBackupOptions {
  /** The open database: PGlite is dumped through it; for PostgreSQL only the migrations are read. */
  database: Database;
  /** PostgreSQL: the connection string pg_dump gets. */
  databaseUrl?: string;
  /** DATA_DIR: its `media` folder is copied (local storage). */
  dataDir: string;
  out: Writable;
}

/** pg_dump of the database, as a readable stream (plain SQL, no owners: restorable anywhere). */
function pgDump(url: string): Readable {
  const child = spawn('pg_dump', ['--no-owner', '--no-privileges', '--dbname', url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = new PassThrough();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('error', (err) =>
    out.destroy(
      new BackupError(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'pg_dump tidak ditemukan di PATH: pasang klien PostgreSQL (versi yang sama dengan server) untuk mencadangkan PostgreSQL.'
          : `pg_dump gagal: ${err.message}`,
      ),
    ),
  );
  child.stdout.pipe(out, { end: false });
  child.on('close', (code) => {
    if (code === 0) out.end();
    else out.destroy(new BackupError(`pg_dump gagal (kode ${code}): ${stderr.trim()}`));
  });
  return out;
}

/** Writes one backup archive to `out`; resolves with its manifest once everything is written. */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupManifest> {
  const { database } = options;
  const manifest: BackupManifest = {
    format: backupFormat,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migrations: await migrationCount(database),
    files: {},
  };
  // Loaded on first use: a server at rest does not hold it (system/lazy-packages.test.ts).
  const archiver = await loadArchiver();
  const archive = archiver('tar', { gzip: true, gzipOptions: { level: 6 } });
  const done = pipeline(archive, options.out);
  const append = async (name: string, source: Readable) => {
    const through = hashing(manifest.files, name);
    const ended = new Promise<void>((resolve, reject) => {
      through.on('end', resolve);
      through.on('error', reject);
      source.on('error', reject);
    });
    archive.append(source.pipe(through), { name });
    await ended;
  };
  try {
    if (database.kind === 'pglite') {
      // A checkpoint first: the copy then needs little WAL replay when it is opened.
      await database.db.execute(sql`checkpoint`);
      // Inside a transaction of its own: PGlite runs one transaction at a time, so none of the
      // server's is half done in the copy (and `dumpDataDir` holds the query lock meanwhile).
      const blob = await database.db.transaction(() => database.dump!());
      await append(pgliteEntry, Readable.from(Buffer.from(await blob.arrayBuffer())));
    } else {
      if (!options.databaseUrl) throw new BackupError('DATABASE_URL diperlukan untuk pg_dump.');
      await append(pgDumpEntry, pgDump(options.databaseUrl));
    }
    const mediaRoot = path.join(options.dataDir, 'media');
    for (const file of listFiles(mediaRoot)) {
      await append(`media/${file}`, fs.createReadStream(path.join(mediaRoot, file)));
    }
    archive.append(JSON.stringify(manifest, null, 2), { name: manifestName });
    await archive.finalize();
  } catch (err) {
    archive.abort();
    throw err;
  }
  await done;
  return manifest;
}

/** One entry of a tar stream: its name and its bytes, as they arrive. */
interface TarEntry {
  name: string;
  body: Readable;
}

const octal = (field: Buffer) =>
  parseInt(field.toString('ascii').replace(/\0.*$/, '').trim() || '0', 8);
const cString = (field: Buffer) => field.toString('utf8').replace(/\0.*$/s, '');

/**
 * Reads a (gunzipped) tar stream entry by entry: ustar names with their prefix, PAX `path`
 * records (what archiver writes for long names), regular files only.
 */
async function readTar(
  input: Readable,
  onEntry: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  let buffer = Buffer.alloc(0);
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let ended = false;
  const need = async (n: number): Promise<boolean> => {
    while (buffer.length < n && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else buffer = Buffer.concat([buffer, next.value]);
    }
    return buffer.length >= n;
  };
  const take = (n: number) => {
    const head = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return head;
  };
  let paxPath: string | undefined;
  for (;;) {
    if (!(await need(512))) throw new BackupError('Arsip cadangan terpotong.');
    const header = take(512);
    if (header.every((byte) => byte === 0)) return;
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]!);
    const prefix = cString(header.subarray(345, 500));
    const baseName = cString(header.subarray(0, 100));
    const name = paxPath ?? (prefix ? `${prefix}/${baseName}` : baseName);
    const padded = Math.ceil(size / 512) * 512;
    if (type === 'x' || type === 'L') {
      if (!(await need(padded))) throw new BackupError('Arsip cadangan terpotong.');
      const body = take(padded).subarray(0, size).toString('utf8');
      paxPath =
        type === 'L' ? body.replace(/\0.*$/s, '') : /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body)?.[1];
      continue;
    }
    paxPath = undefined;
    const body = new PassThrough();
    const consumed = onEntry({ name, body });
    let left = size;
    while (left > 0) {
      if (buffer.length === 0 && !(await need(1)))
        throw new BackupError('Arsip cadangan terpotong.');
      const chunk = take(Math.min(left, buffer.length));
      left -= chunk.length;
      if (!body.write(chunk)) await new Promise((resolve) => body.once('drain', resolve));
    }
    body.end();
    await consumed;
    if (!(await need(padded - size))) throw new BackupError('Arsip cadangan terpotong.');
    take(padded - size);
  }
}

/** A name inside the archive that stays inside the folder it is extracted to. */
function safeEntryName(name: string): string {
  const normal = path.posix.normalize(name);
  if (
    normal.startsWith('../') ||
    normal === '..' ||
    path.posix.isAbsolute(normal) ||
    normal.includes('\0')
  )
    throw new BackupError(`Arsip cadangan memuat jalur yang tidak sah: ${name}`);
  return normal;
}

/** A DATA_DIR a restore may write into: missing, or an empty folder. */
export function assertEmptyDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  if (!fs.statSync(dataDir).isDirectory())
    throw new BackupError(`DATA_DIR ${dataDir} bukan folder.`);
  if (fs.readdirSync(dataDir).length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} tidak kosong. Pemulihan hanya ditulis ke folder kosong, agar tidak menimpa data yang ada: pilih folder baru atau kosongkan folder ini lebih dulu.`,
    );
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** PostgreSQL backups: the SQL file to feed `psql` (it is not loaded automatically). */
  sqlFile?: string;
}

/**
 * Extracts a backup into an empty DATA_DIR, checking every file against the manifest's hash before
 * anything is put in place: the archive is unpacked into a staging folder beside DATA_DIR, checked,
 * then the embedded database is loaded from its dump and the staging folder is renamed into place.
 * A failed check leaves DATA_DIR as it was (missing or empty).
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  assertEmptyDataDir(dataDir);
  const target = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(staging);
  try {
    const seen: BackupManifest['files'] = {};
    let manifest: BackupManifest | undefined;
    await readTar(fs.createReadStream(file).pipe(createGunzip()), async ({ name, body }) => {
      const safe = safeEntryName(name);
      if (safe === manifestName) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        return;
      }
      const destination = path.join(staging, 'files', safe);
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      const through = hashing(seen, safe);
      await pipeline(body, through, fs.createWriteStream(destination));
    });
    if (!manifest || manifest.format !== backupFormat)
      throw new BackupError(
        'Berkas ini bukan cadangan Ajar (manifest.json tidak ada atau tidak dikenal).',
      );
    const expected = Object.keys(manifest.files).sort();
    const got = Object.keys(seen).sort();
    if (expected.join('\n') !== got.join('\n'))
      throw new BackupError('Isi arsip tidak sama dengan daftar di manifest.json: cadangan rusak.');
    for (const name of expected) {
      const want = manifest.files[name]!;
      const have = seen[name]!;
      if (want.sha256 !== have.sha256 || want.size !== have.size)
        throw new BackupError(`Hash ${name} tidak cocok dengan manifest.json: cadangan rusak.`);
    }
    const extracted = path.join(staging, 'files');
    fs.mkdirSync(path.join(extracted, 'media'), { recursive: true });
    let sqlFile: string | undefined;
    if (manifest.database === 'pglite') {
      const dump = path.join(extracted, pgliteEntry);
      const client = await openPglite({
        dataDir: path.join(extracted, 'db'),
        loadDataDir: new Blob([fs.readFileSync(dump)]),
      });
      await client.close();
      fs.rmSync(path.join(extracted, 'database'), { recursive: true, force: true });
    } else {
      sqlFile = path.join(target, pgDumpEntry);
    }
    assertEmptyDataDir(dataDir);
    if (fs.existsSync(target)) fs.rmdirSync(target);
    fs.renameSync(extracted, target);
    return { manifest, sqlFile };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The token `npm run backup` shows the running server: made at its start, readable by its owner. */
export function writeBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, backupTokenFile), token, { mode: 0o600 });
  return token;
}

/** A file name that sorts by time: ajar-backup-2026-11-28T10-35-00Z.tar.gz. */
export const backupFileName = (at = new Date()) =>
  `ajar-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

const backupFilePattern = /^ajar-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/**
 * The daily backup: one archive into `backupDir` (written under a temporary name, then renamed, so
 * a listed backup is always whole), then all but the newest `keep` of this server's archives are
 * removed. Returns the new file.
 */
export async function writeBackupFile(options: {
  database: Database;
  dataDir: string;
  backupDir: string;
  keep: number;
  now?: Date;
}): Promise<string> {
  fs.mkdirSync(options.backupDir, { recursive: true });
  const target = path.join(options.backupDir, backupFileName(options.now));
  const partial = `${target}.partial`;
  try {
    await writeBackup({
      database: options.database,
      dataDir: options.dataDir,
      out: fs.createWriteStream(partial),
    });
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const kept = fs
    .readdirSync(options.backupDir)
    .filter((name) => backupFilePattern.test(name))
    .sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - options.keep))) {
    fs.rmSync(path.join(options.backupDir, old), { force: true });
  }
  return target;
}

/**
 * `BACKUP_DIR=s3://bucket/prefix`: the daily backup goes to that bucket, reached with the S3
 * settings (S3_ENDPOINT, S3_REGION, keys), under `prefix/`. Null for a folder.
 */
export function s3BackupTarget(backupDir: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(backupDir);
  if (!match) return null;
  const prefix = match[2]!.replace(/\/+$/, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/** What the S3 target needs of a bucket (S3Storage). */
export interface BackupBucket {
  put(key: string, body: Readable): Promise<{ size: number }>;
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  close?(): Promise<void>;
}

/**
 * The daily backup into a bucket: one archive streamed as one upload (all or nothing, so a
 * listed backup is always whole), then all but the newest `keep` archives under the prefix are
 * removed; other objects there are left alone. Returns the new object's `s3://` address.
 */
export async function writeBackupObject(options: {
  database: Database;
  dataDir: string;
  bucket: BackupBucket;
  target: { bucket: string; prefix: string };
  keep: number;
  now?: Date;
}): Promise<string> {
  const { prefix } = options.target;
  const key = `${prefix}${backupFileName(options.now)}`;
  const body = new PassThrough();
  const upload = options.bucket.put(key, body);
  // An upload refused early must not leave the archive waiting on a body nobody reads.
  upload.catch((err: unknown) => body.destroy(err instanceof Error ? err : undefined));
  await Promise.all([
    writeBackup({ database: options.database, dataDir: options.dataDir, out: body }),
    upload,
  ]);
  const kept = (await options.bucket.list(prefix))
    .filter((k) => backupFilePattern.test(k.slice(prefix.length)))
    .sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - options.keep))) {
    await options.bucket.remove(old);
  }
  return `s3://${options.target.bucket}/${key}`;
}
