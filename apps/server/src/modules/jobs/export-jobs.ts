import type { Writable } from 'node:stream';
import type { JobKind } from '@ajar/shared/jobs/jobs.constants';
import { exportJobThreshold } from '@ajar/shared/jobs/jobs.constants';
import type { JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDownload, refuseEmptyExport, xlsxContentType } from '../../lib/downloads';
import type { JobQueue } from '../../lib/job-queue';
import type { Storage } from '../../lib/storage';
import type { RequestUser } from '../../plugins/auth';
import { startJob, type JobContext } from './jobs.service';

export interface ExportJobDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL'>;
  queue: JobQueue;
}

/** Writes an export's .xlsx into `out`, calling `onRow` after each row; answers the rows written. */
export type ExportWrite = (
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
) => Promise<{ rows: number }>;

/**
 * An export's file: up to `exportJobThreshold` rows it is written at once into storage
 * and its short-lived link answered; past them a job of `kind` makes it, with
 * `input` to write it again after a restart, and its id is answered. `countUpTo(n)` counts the
 * export's rows in SQL, stopping at `n`.
 */
export async function exportFileOrJob(
  deps: ExportJobDeps,
  viewer: RequestUser,
  spec: {
    kind: JobKind;
    filename: string;
    input: object;
    countUpTo: (atMost: number) => Promise<number>;
    write: ExportWrite;
  },
): Promise<{ public_url: string } | JobStarted> {
  if ((await spec.countUpTo(exportJobThreshold + 1)) > exportJobThreshold) {
    return startJob(deps, viewer, { kind: spec.kind, name: spec.filename, input: spec.input });
  }
  const { url } = await createDownload(deps, {
    userId: viewer.id,
    filename: spec.filename,
    contentType: xlsxContentType,
    write: async (stream) => refuseEmptyExport(await spec.write(stream)),
  });
  return { public_url: url };
}

/** Rows written between two progress reports of an export job. */
const progressEvery = 500;

/**
 * The work of an export job: the same streamed writer, into the job's file; its progress is the
 * share of rows written, counted against `total`, the rows there were when it started.
 */
export async function runExportJob(ctx: JobContext<unknown>, total: number, write: ExportWrite) {
  await ctx.writeFile(xlsxContentType, async (out) => {
    await write(out, (n) =>
      n % progressEvery === 0 ? ctx.progress((n * 100) / Math.max(1, total)) : undefined,
    );
  });
}
