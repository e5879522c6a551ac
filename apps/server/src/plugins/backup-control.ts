import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import {
  backupTokenFile,
  s3BackupTarget,
  writeBackup,
  writeBackupFile,
  writeBackupObject,
  writeBackupToken,
  type BackupBucket,
} from '../lib/backup';
import { defineJob } from '../lib/job-queue';

/** The server's time zone (TZ, else the system's): the cron line is read in it. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The header `npm run backup` sends the token in. */
export const backupTokenHeader = 'x-ajar-backup-token';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The daily backup's pg-boss queue (one job at a time, retried twice a few minutes apart). */
export const dailyBackupJob = 'backup-daily';

export interface BackupControlOptions {
  database: Database;
  dataDir: string;
  /** A folder, or `s3://bucket/prefix` (lib/backup.ts, `s3BackupTarget`). */
  backupDir: string;
  keep: number;
  /** A cron line, or `off`. */
  schedule: string;
  /** The bucket of an `s3://` BACKUP_DIR, reached with the S3 settings. */
  backupBucket?: (bucket: string) => BackupBucket;
}

/**
 * The embedded database's backup through the running server (docs/decisions.md, "Backups"):
 * PGlite opens its data directory in one process only, so `npm run backup` asks this process for
 * the archive. `GET /api/internal/backup` answers only a loopback peer (the socket's address, not
 * a forwarded one) that shows the token this server wrote to DATA_DIR/backup-token at its start:
 * whoever can read that file can read the database files anyway.
 * It also schedules the daily backup into BACKUP_DIR, keeping the newest BACKUP_KEEP.
 */
export const backupControlPlugin = fp(
  async (app: FastifyInstance, opts: BackupControlOptions) => {
    const token = writeBackupToken(opts.dataDir);
    app.addHook('onClose', async () => {
      // Only this server's own token: a later server on the same DATA_DIR wrote its own.
      const file = path.join(opts.dataDir, backupTokenFile);
      if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === token) fs.rmSync(file);
    });
    app.get(
      '/api/internal/backup',
      {
        schema: { hide: true },
        // No staff session: the token below is the check (plugins/auth.ts skips public routes).
        config: { public: true },
      },
      async (request, reply) => {
        // Its own header: `Authorization: Bearer` is the staff session's, checked by plugins/auth.ts.
        const header = request.headers[backupTokenHeader];
        const given = typeof header === 'string' ? header : '';
        // A request a local reverse proxy forwards comes from loopback too: it says so in its headers.
        const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
        const local = loopback.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
        if (!local || !sameToken(given, token)) {
          return reply
            .code(404)
            .send({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan.' } });
        }
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'application/gzip',
          'cache-control': 'no-store',
        });
        try {
          await writeBackup({ database: opts.database, dataDir: opts.dataDir, out: reply.raw });
        } catch (err) {
          request.log.error({ err }, 'backup failed');
          reply.raw.destroy(err instanceof Error ? err : undefined);
        }
      },
    );
    await defineJob<object>(app.queue, {
      name: dailyBackupJob,
      queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 },
      handler: async () => {
        const target = s3BackupTarget(opts.backupDir);
        let file: string;
        if (target && opts.backupBucket) {
          const bucket = opts.backupBucket(target.bucket);
          try {
            file = await writeBackupObject({ ...opts, bucket, target });
          } finally {
            await bucket.close?.();
          }
        } else {
          file = await writeBackupFile(opts);
        }
        app.log.info({ file }, 'daily backup written');
      },
    });
    if (opts.schedule === 'off') await app.queue.unschedule(dailyBackupJob);
    else await app.queue.schedule(dailyBackupJob, opts.schedule, {}, { tz: localTimeZone() });
  },
  { name: 'backup-control', dependencies: ['job-queue'] },
);
