import type { Writable } from 'node:stream';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import {
  exportFileSlug,
  exportFileStamp,
  toExportWallClock,
} from '@ajar/shared/exports/exports.rules';
import { learningEventLabels } from '@ajar/shared/learning-record/learning-events';
import {
  learningRecordExcelTimeFormat,
  learningRecordExportHeaders,
} from '@ajar/shared/learning-record/learning-record.constants';
import { describeEventData, eventScore } from '@ajar/shared/learning-record/learning-record.rules';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { keysetRows, writeExportSheet } from '../../lib/xlsx-sheet';
import type { RequestUser } from '../../plugins/auth';
import { programTitles } from '../exports/exports.repository';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import { requireProgram } from '../access/access.service';
import * as repo from './records.repository';

/** Events read per keyset query. */
const pageSize = 2000;
const widths = [7, 28, 30, 18, 28, 32, 24, 36, 8, 48, 24];

/** Writes a program's learning record, oldest first, in keyset pages: never the whole record. */
export function writeLearningRecord(
  db: DbOrTx,
  programId: string,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  return writeExportSheet(
    out,
    {
      name: 'Rekam Belajar',
      headers: learningRecordExportHeaders,
      widths,
      formats: { 'Waktu Server': learningRecordExcelTimeFormat },
      rows: keysetRows(
        (cursor, size) => repo.programEventsPage(db, programId, cursor, size),
        pageSize,
      ),
      cells: (row, n) => [
        n,
        row.member_fullname,
        row.member_email,
        row.license ?? '',
        row.topic_name ?? '',
        row.activity_name ?? '',
        learningEventLabels[row.kind],
        toExportWallClock(row.created_at),
        eventScore(row.data) ?? '',
        describeEventData(row.kind, row.data),
        row.actor_name ?? '',
      ],
    },
    onRow,
  );
}

/** What the learning-record export job needs to write the file again after a restart. */
export interface LearningRecordExportJobInput {
  programId: string;
}

const writeFor =
  (db: DbOrTx, { programId }: LearningRecordExportJobInput): ExportWrite =>
  (out, onRow) =>
    writeLearningRecord(db, programId, out, onRow);

/** The export job: the file of a record past `exportJobThreshold` events. */
export async function runLearningRecordExportJob(
  db: Db,
  ctx: JobContext<LearningRecordExportJobInput>,
) {
  const total = await repo.countProgramEvents(db, ctx.input.programId);
  await runExportJob(ctx, total, writeFor(db, ctx.input));
}

/**
 * `GET /api/program/v1/trainer/learning-record/export/{programId}`: every participant's events
 * of the program as an .xlsx, the link at once (`public_url`) or, past `exportJobThreshold`
 * events, a job (`job_id`) followed in 'Unduhan'. A trainer's unassigned program is 404.
 */
export async function exportLearningRecord(
  deps: ExportJobDeps,
  viewer: RequestUser,
  programId: string,
): Promise<ExportReply> {
  await requireProgram(deps.db, viewer, programId);
  const title = (await programTitles(deps.db, [programId])).get(programId);
  if (title === undefined) throw AppError.notFound();
  const input: LearningRecordExportJobInput = { programId };
  return exportFileOrJob(deps, viewer, {
    kind: 'record_export',
    filename: `rekam-belajar-${exportFileSlug(title)}-${exportFileStamp()}.xlsx`,
    input,
    countUpTo: (atMost) => repo.countProgramEvents(deps.db, programId, atMost),
    write: writeFor(deps.db, input),
  });
}
