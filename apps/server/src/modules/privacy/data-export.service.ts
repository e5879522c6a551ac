import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { memberExportHours, privacyMessages } from '@ajar/shared/privacy/privacy.constants';
import type { MemberDataExport } from '@ajar/shared/privacy/privacy.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { storeWritten } from '../../lib/downloads';
import { defineJob, jobHeartbeatSeconds, type JobQueue } from '../../lib/job-queue';
import { loadArchiver } from '../../lib/lazy-modules';
import type { Storage } from '../../lib/storage';
import * as repo from './privacy.repository';

/**
 * 'Unduh data saya' (docs/personal-data.md): the member's own copy of what the system holds
 * about them. Staff jobs (modules/jobs) belong to staff users and show in 'Unduhan'; a member's
 * export has its own small table and queue, so that panel, its limits and its bell stay staff's.
 */
const queueName = 'member-data-export';

export interface ExportDeps {
  db: Db;
  storage: Storage;
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export function toExport(row: repo.MemberDataExportRow, now = new Date()): MemberDataExport {
  return {
    id: row.id,
    status: row.status as MemberDataExport['status'],
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    downloadable:
      row.status === 'done' &&
      row.downloaded_at === null &&
      row.expires_at !== null &&
      row.expires_at > now,
    downloaded_at: row.downloaded_at?.toISOString() ?? null,
  };
}

export async function latestExport(db: Db, memberId: string): Promise<MemberDataExport | null> {
  const row = await repo.latestExport(db, memberId);
  return row ? toExport(row) : null;
}

/**
 * Starts the member's export; one still being made or still downloadable is answered instead
 * of a second (a double tap makes one zip).
 */
export async function startExport(deps: ExportDeps, memberId: string): Promise<MemberDataExport> {
  const latest = await repo.latestExport(deps.db, memberId);
  if (latest) {
    const shown = toExport(latest);
    if (shown.status === 'queued' || shown.status === 'running' || shown.downloadable) return shown;
  }
  const row = await repo.insertExport(deps.db, memberId);
  try {
    await deps.queue.send(queueName, { exportId: row.id }, { id: row.id });
  } catch (err) {
    await repo.updateExport(deps.db, row.id, { status: 'failed', finished_at: new Date() });
    throw err;
  }
  return toExport(row);
}

/** The zip: one JSON file per kind of data under `data/`, the uploaded files under `file/`. */
async function writeZip(deps: ExportDeps, memberId: string, key: string) {
  const data = await repo.memberData(deps.db, memberId);
  const files = await repo.memberFiles(deps.db, memberId);
  await storeWritten(deps.storage, key, async (stream) => {
    const archive = (await loadArchiver())('zip', { zlib: { level: 6 } });
    const failed = new Promise<never>((_, reject) => {
      archive.on('error', reject);
      archive.on('warning', reject);
    });
    archive.pipe(stream);
    const readme = [
      'Data pribadi Anda di Ajar',
      `Dibuat: ${new Date().toISOString()}`,
      '',
      'data/*.json : setiap jenis data yang kami simpan tentang Anda.',
      'file/*      : file yang Anda unggah (tugas praktik, foto profil).',
    ].join('\n');
    archive.append(readme, { name: 'BACA-SAYA.txt' });
    for (const [kind, rows] of Object.entries(data)) {
      archive.append(JSON.stringify(rows, null, 2), { name: `data/${kind}.json` });
    }
    for (const file of files) {
      // A file gone from storage (removed by staff meanwhile) is left out, not a failure.
      if (!(await deps.storage.stat(file.key))) continue;
      const safe = file.name.replace(/[^\w.-]+/g, '-').slice(0, 80);
      archive.append(await deps.storage.createReadStream(file.key), {
        name: `file/${file.id.slice(0, 8)}-${safe}`,
      });
    }
    const ended = once(stream, 'finish');
    await Promise.race([archive.finalize(), failed]);
    await Promise.race([ended, failed]);
  });
}

/** Removes the files of exports that were downloaded or expired (the rows stay). */
export async function sweepSpentExports(deps: Pick<ExportDeps, 'db' | 'storage'>) {
  const spent = await repo.spentExportFiles(deps.db);
  for (const row of spent) {
    await deps.storage.remove(row.storage_key!);
    await repo.updateExport(deps.db, row.id, { storage_key: null });
  }
  return spent.length;
}

export async function defineExportJob(deps: ExportDeps) {
  await defineJob<{ exportId: string }>(deps.queue, {
    name: queueName,
    queue: {
      retryLimit: 2,
      retryDelay: 2,
      retryBackoff: true,
      heartbeatSeconds: jobHeartbeatSeconds,
      expireInSeconds: 60 * 60,
    },
    handler: async (job) => {
      const row = await repo.findExport(deps.db, job.data.exportId);
      if (!row || row.status === 'done' || row.status === 'failed') return;
      await repo.updateExport(deps.db, row.id, { status: 'running' });
      // The key is the export's own: a retried attempt overwrites what an earlier one wrote.
      const key = `member-exports/${row.id}.zip`;
      try {
        await writeZip(deps, row.member_id, key);
      } catch (err) {
        if (job.retryCount < 2) {
          deps.log.warn({ err, exportId: row.id }, 'member data export failed; retried');
          throw err;
        }
        deps.log.error({ err, exportId: row.id }, 'member data export failed');
        await repo.updateExport(deps.db, row.id, { status: 'failed', finished_at: new Date() });
        return;
      }
      const now = new Date();
      await repo.updateExport(deps.db, row.id, {
        status: 'done',
        storage_key: key,
        finished_at: now,
        expires_at: new Date(now.getTime() + memberExportHours * 60 * 60 * 1000),
      });
      await sweepSpentExports(deps).catch((err: unknown) =>
        deps.log.warn({ err }, 'spent member exports not swept'),
      );
    },
  });
}

/**
 * The member's one download of a done export: taken in the same update that checks it was not
 * taken (parallel requests serve it once); the file is removed once it has been sent.
 */
export async function openExport(
  deps: Pick<ExportDeps, 'db' | 'storage'>,
  memberId: string,
  id: string,
) {
  const row = await repo.claimDownload(deps.db, memberId, id);
  if (!row?.storage_key) throw AppError.notFound(privacyMessages.exportGone);
  const info = await deps.storage.stat(row.storage_key);
  if (!info) throw AppError.notFound(privacyMessages.exportGone);
  const key = row.storage_key;
  return {
    size: info.size,
    stream: await deps.storage.createReadStream(key),
    filename: `data-saya-${row.created_at.toISOString().slice(0, 10)}.zip`,
    done: () => sweepSpentExports(deps),
  };
}
