import type { Writable } from 'node:stream';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import { attendanceExportHeaders } from '@ajar/shared/attendance/attendance.constants';
import type {
  AttendanceExportQueryParsed,
  AttendanceExportReply,
} from '@ajar/shared/attendance/attendance.schemas';
import { exportFileStamp, toExportWallClock } from '@ajar/shared/exports/exports.rules';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../plugins/auth';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import * as repo from './attendance.repository';
import { scopedFilter } from './attendance.service';
import { writeExportSheet } from '../../lib/xlsx-sheet';

/** Which rows of the filter an export writes: `skip` rows in, then `limit` (-1 = all). */
interface ExportRange {
  skip: number;
  limit: number;
}

/** Rows read per keyset query. */
const pageSize = 2000;
const widths = [7, 30, 17, 36, 30, 30, 22];

/** Every matching attendance, newest first, in keyset pages: never the whole table at once. */
async function* exportRows(db: DbOrTx, filter: repo.AttendanceFilter, range: ExportRange) {
  let left = range.limit > 0 ? range.limit : Number.POSITIVE_INFINITY;
  let cursor: repo.AttendanceCursor | null = null;
  while (left > 0) {
    const rows = await repo.exportPage(db, filter, {
      cursor,
      offset: cursor ? 0 : range.skip,
      limit: Math.min(pageSize, left),
    });
    for (const row of rows) yield row;
    left -= rows.length;
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.cursor_at, id: last.id };
  }
}

/** Writes the attendances as an .xlsx. */
export function writeAttendances(
  db: DbOrTx,
  filter: repo.AttendanceFilter,
  range: ExportRange,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  return writeExportSheet(
    out,
    {
      name: 'Presensi',
      headers: attendanceExportHeaders,
      widths,
      formats: { 'Tanggal Absen': excelDateTimeFormat },
      rows: exportRows(db, filter, range),
      cells: (row, n) => [
        n,
        row.member_fullname,
        row.member_phone ?? '',
        row.program_title,
        row.topic_name,
        row.activity_name,
        toExportWallClock(row.created_at),
      ],
    },
    onRow,
  );
}

/**
 * The rows the export writes, counted by SQL from the list's own filter; with `atMost`, counting
 * stops there (past the rows skipped).
 */
async function exportRowCount(
  db: DbOrTx,
  filter: repo.AttendanceFilter,
  range: ExportRange,
  atMost?: number,
): Promise<number> {
  const counted = await repo.countAttendances(
    db,
    filter,
    atMost === undefined ? undefined : range.skip + atMost,
  );
  const rows = Math.max(0, counted - range.skip);
  return range.limit > 0 ? Math.min(rows, range.limit) : rows;
}

/** What the presence export job needs to write the file again after a restart. */
export interface AttendanceExportJobInput {
  filter: repo.AttendanceFilter;
  range: ExportRange;
}

const writeFor =
  (db: DbOrTx, { filter, range }: AttendanceExportJobInput): ExportWrite =>
  (out, onRow) =>
    writeAttendances(db, filter, range, out, onRow);

/** The presence export job: the file of an export past `exportJobThreshold` rows. */
export async function runAttendanceExportJob(db: Db, ctx: JobContext<AttendanceExportJobInput>) {
  const { filter, range } = ctx.input;
  await runExportJob(ctx, await exportRowCount(db, filter, range), writeFor(db, ctx.input));
}

/**
 * `GET /api/presence/v1/company/export`: answers `data.public_url` (spec 01 §7), or past
 * `exportJobThreshold` rows starts a job and answers `data.job_id`.
 */
export async function exportAttendances(
  deps: ExportJobDeps,
  viewer: RequestUser,
  query: AttendanceExportQueryParsed,
): Promise<AttendanceExportReply> {
  const filter = await scopedFilter(deps.db, viewer, query);
  const range = {
    skip: query.limit > 0 ? (query.page - 1) * query.limit : 0,
    limit: query.limit,
  };
  const input: AttendanceExportJobInput = { filter, range };
  return exportFileOrJob(deps, viewer, {
    kind: 'presence_export',
    filename: `presensi-${exportFileStamp()}.xlsx`,
    input,
    countUpTo: (atMost) => exportRowCount(deps.db, filter, range, atMost),
    write: writeFor(deps.db, input),
  });
}
