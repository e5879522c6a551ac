import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import { jobLimits } from '@ajar/shared/jobs/jobs.constants';
import { largeZipQuestion } from '@ajar/shared/jobs/jobs.rules';
import type { JobContext } from './jobs.service';

/** What a zip job renders with: a PDF per certificate (lib/certificate-pdf-pool.ts's shape). */
export interface PdfRenderer<C extends { number: string }> {
  readonly inFlightLimit: number;
  render(content: C): Promise<Buffer>;
}

/** New PDFs kept between two checkpoints of the job. */
const checkpointEvery = 50;

/**
 * The renderer of a zip job that keeps each PDF it renders in the job's work folder, named by
 * the certificate's number, and reads a kept one back instead of rendering it again: a zip
 * retried after a restart renders only the certificates the stopped attempt had not
 * (docs/decisions.md, "Job queue limits"). Certificate numbers are issued once and reused by a
 * retry, so a number names one PDF. The count kept is the job's checkpoint (`{ rendered }`).
 */
export function keptRenders<C extends { number: string }>(
  pdfs: PdfRenderer<C>,
  ctx: Pick<JobContext<unknown>, 'workDir' | 'saveCheckpoint' | 'signal'>,
): PdfRenderer<C> & { readonly rendered: number; readonly reused: number } {
  let rendered = 0;
  let reused = 0;
  const fileOf = (number: string) =>
    path.join(ctx.workDir, `${number.replace(/[^\w.-]+/g, '_')}.pdf`);
  return {
    get inFlightLimit() {
      return pdfs.inFlightLimit;
    },
    get rendered() {
      return rendered;
    },
    get reused() {
      return reused;
    },
    async render(content) {
      // A job cancelled (or a server stopping) ends at its next certificate, whenever it came.
      ctx.signal.throwIfAborted();
      const file = fileOf(content.number);
      const kept = await fs.readFile(file).catch(() => null);
      if (kept) {
        reused += 1;
        return kept;
      }
      const pdf = await pdfs.render(content);
      // Written aside, then renamed: a server killed mid-write leaves no half PDF under the name.
      await fs.writeFile(`${file}.part`, pdf);
      await fs.rename(`${file}.part`, file);
      rendered += 1;
      if (rendered % checkpointEvery === 0) {
        await ctx.saveCheckpoint({ rendered: rendered + reused });
      }
      return pdf;
    },
  };
}

/**
 * A certificate zip past `above` certificates (`ZIP_CONFIRM_ABOVE`, by default
 * `jobLimits.zipConfirmAbove`) starts only when the user has seen its size and estimate and
 * confirmed (`confirm=true`): a 409 with the question otherwise, the count in `validation.count`.
 */
export function assertLargeZipConfirmed(
  count: number,
  confirm: boolean,
  above: number = jobLimits.zipConfirmAbove,
) {
  if (count <= above || confirm) return;
  throw new AppError(409, largeZipQuestion(count, jobLimits.zipPdfsPerSecond), {
    count: String(count),
  });
}
