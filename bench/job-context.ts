import fs from 'node:fs';
import { storeWritten } from '../apps/server/src/lib/downloads';
import { LocalStorage } from '../apps/server/src/lib/storage';
import type { JobContext } from '../apps/server/src/modules/jobs/jobs.service';

export interface BenchJob<I> {
  ctx: JobContext<I>;
  /** ms from `benchJob` to the first progress report, or null when none came. */
  firstProgressMs(): number | null;
  /** Progress reports the work made (a zip reports one per entry). */
  progressReports(): number;
  /** The size of the file the job stored (bytes). */
  fileBytes(): number;
}

/**
 * The context a job's work gets from the job runner (jobs.service.ts), without the queue: the
 * file goes through `storeWritten` into local storage under `dir`, as on a server with
 * STORAGE=local, and progress reports are timed. The clock starts when this is called.
 */
export function benchJob<I>(input: I, userId: string, dir: string, key: string): BenchJob<I> {
  const storage = new LocalStorage({ root: dir });
  const started = performance.now();
  let first: number | null = null;
  let reports = 0;
  return {
    ctx: {
      input,
      userId,
      signal: new AbortController().signal,
      progress: async () => {
        first ??= performance.now() - started;
        reports += 1;
      },
      writeFile: (_contentType, write) => storeWritten(storage, key, write),
      // Every bench job starts afresh: an empty work folder of its own, nothing to resume.
      workDir: fs.mkdtempSync(`${dir}/work-`),
      checkpoint: null,
      saveCheckpoint: async () => {},
    },
    firstProgressMs: () => first,
    progressReports: () => reports,
    fileBytes: () => fs.statSync(`${dir}/${key}`).size,
  };
}
