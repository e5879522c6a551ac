import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import {
  backupFileName,
  backupTokenFile,
  restoreBackup,
  writeBackup,
  type BackupManifest,
} from './lib/backup';

/** `main.js --backup [FILE]` and `main.js --restore FILE` (npm run backup / npm run restore). */
export const backupFlag = '--backup';
export const restoreFlag = '--restore';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Asks the running server for the archive; false when no server answers on this DATA_DIR. */
async function backupThroughServer(
  dataDir: string,
  port: number,
  partial: string,
): Promise<boolean> {
  const tokenFile = path.join(dataDir, backupTokenFile);
  if (!fs.existsSync(tokenFile)) return false;
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/api/internal/backup`, {
      headers: { 'x-ajar-backup-token': token },
    });
  } catch {
    // No server on this port: a token left by a server that was killed.
    return false;
  }
  if (!response.ok || !response.body) {
    throw new Error(
      `Server di port ${port} menolak pencadangan (HTTP ${response.status}). Apakah PORT dan DATA_DIR sama dengan milik server?`,
    );
  }
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream),
    fs.createWriteStream(partial),
  );
  return true;
}

async function backup(fileArg: string | undefined): Promise<void> {
  const config = loadConfig();
  const target = path.resolve(fileArg ?? backupFileName());
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    if (!config.DATABASE_URL && (await backupThroughServer(config.dataDir, config.PORT, partial))) {
      say(`Cadangan dibuat lewat server yang berjalan: ${target}`);
    } else {
      const database = await openDatabase(
        config.DATABASE_URL
          ? { kind: 'postgres', url: config.DATABASE_URL }
          : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
      );
      try {
        const manifest: BackupManifest = await writeBackup({
          database,
          databaseUrl: config.DATABASE_URL,
          dataDir: config.dataDir,
          out: fs.createWriteStream(partial),
        });
        say(
          `Cadangan dibuat (${manifest.database}, ${Object.keys(manifest.files).length} berkas): ${target}`,
        );
      } finally {
        await database.close();
      }
      if (config.STORAGE === 's3') {
        say(
          'Catatan: STORAGE=s3, berkas media ada di bucket dan tidak ikut dalam arsip ini (aktifkan versioning bucket, lihat README).',
        );
      }
    }
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new Error('Sebutkan berkas cadangan: npm run restore -- FILE');
  const config = loadConfig();
  const { manifest, sqlFile } = await restoreBackup(path.resolve(file), config.dataDir);
  say(`Cadangan ${manifest.createdAt} dipulihkan ke ${config.dataDir} (hash semua berkas cocok).`);
  if (sqlFile) {
    say(
      `Basis data PostgreSQL tidak dimuat otomatis: muat ${sqlFile} ke basis data KOSONG dengan\n  psql --single-transaction -v ON_ERROR_STOP=1 "$DATABASE_URL" -f ${sqlFile}`,
    );
  }
}

/** Runs the backup command named on the command line; false when there is none. */
export async function runBackupCommand(argv: string[]): Promise<boolean> {
  const backupAt = argv.indexOf(backupFlag);
  const restoreAt = argv.indexOf(restoreFlag);
  if (backupAt === -1 && restoreAt === -1) return false;
  try {
    if (backupAt !== -1) await backup(argv[backupAt + 1]);
    else await restore(argv[restoreAt + 1]);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
  return true;
}
