import type { Writable } from 'node:stream';
import { exportUtcOffsetMinutes } from '@ajar/shared/exports/exports.constants';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import { learningEventLabels } from '@ajar/shared/learning-record/learning-events';
import {
  learningRecordExcelTimeFormat,
  learningRecordExportHeaders,
} from '@ajar/shared/learning-record/learning-record.constants';
import { describeEventData, eventScore } from '@ajar/shared/learning-record/learning-record.rules';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { loadExcelJs } from '../../lib/lazy-modules';
import { safeRow } from '../../lib/xlsx-cells';
import type { RequestUser } from '../../plugins/auth';
import { programTitles } from '../exports/exports.repository';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import { assertProgramVisible } from '../programs/programs.service';
import * as repo from './records.repository';

/** Events read per keyset query. */
const pageSize = 2000;
const widths = [7, 28, 30, 18, 28, 32, 24, 36, 8, 48, 24];

/** Every event of the program, oldest first, in keyset pages: never the whole record at once. */
async function* programEvents(db: DbOrTx, programId: string) {
  let cursor: repo.EventCursor | null = null;
  for (;;) {
    const rows = await repo.programEventsPage(db, programId, cursor, pageSize);
    for (const row of rows) yield row;
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.cursor_at, id: last.id };
  }
}

/** Writes a program's learning record as an .xlsx with ExcelJS's streaming writer. */
export async function writeLearningRecord(
  db: DbOrTx,
  programId: string,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  const ExcelJS = await loadExcelJs();
  // Inline strings: a shared-string table would grow with the export and stay in memory.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ajar';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Rekam Belajar', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = learningRecordExportHeaders.map((header, i) => ({
    header,
    key: String(i),
    width: widths[i] ?? 14,
    ...(header === 'Waktu Server' ? { style: { numFmt: learningRecordExcelTimeFormat } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const row of programEvents(db, programId)) {
    n += 1;
    sheet
      .addRow(
        safeRow([
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
        ]),
      )
      .commit();
    await onRow?.(n);
  }
  sheet.commit();
  await workbook.commit();
  return { rows: n };
}

/** `20250301-1030` in WIB: files of the same day sort by the time they were made. */
function stamp(now = new Date()): string {
  const wib = new Date(now.getTime() + exportUtcOffsetMinutes * 60_000).toISOString();
  return `${wib.slice(0, 10).replaceAll('-', '')}-${wib.slice(11, 16).replace(':', '')}`;
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'program'
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
  await assertProgramVisible(deps.db, viewer, programId);
  const title = (await programTitles(deps.db, [programId])).get(programId);
  if (title === undefined) throw AppError.notFound();
  const input: LearningRecordExportJobInput = { programId };
  return exportFileOrJob(deps, viewer, {
    kind: 'record_export',
    filename: `rekam-belajar-${slug(title)}-${stamp()}.xlsx`,
    input,
    countUpTo: (atMost) => repo.countProgramEvents(deps.db, programId, atMost),
    write: writeFor(deps.db, input),
  });
}
