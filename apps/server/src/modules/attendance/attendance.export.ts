import type { Writable } from 'node:stream';
import { loadExcelJs } from '../../lib/lazy-modules';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import { attendanceExportHeaders } from '@ajar/shared/attendance/attendance.constants';
import type {
  AttendanceExportQueryParsed,
  AttendanceExportReply,
} from '@ajar/shared/attendance/attendance.schemas';
import { exportUtcOffsetMinutes } from '@ajar/shared/exports/exports.constants';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { createDownload, refuseEmptyExport, xlsxContentType } from '../../lib/downloads';
import type { Storage } from '../../lib/storage';
import type { RequestUser } from '../../plugins/auth';
import * as repo from './attendance.repository';
import { scopedFilter } from './attendance.service';
import { safeRow } from '../../lib/xlsx-cells';

export interface AttendanceExportDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** Rows read per keyset query. */
const pageSize = 2000;
const widths = [7, 30, 17, 36, 30, 30, 22];

/** Every matching attendance, newest first, in keyset pages: never the whole table at once. */
async function* exportRows(
  db: DbOrTx,
  filter: repo.AttendanceFilter,
  range: { skip: number; limit: number },
) {
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
    cursor = { created_at: last.created_at, id: last.id };
  }
}

/** Writes the attendances as an .xlsx with ExcelJS's streaming writer. */
export async function writeAttendances(
  db: DbOrTx,
  filter: repo.AttendanceFilter,
  range: { skip: number; limit: number },
  out: Writable,
): Promise<{ rows: number }> {
  // Inline strings: a shared-string table would grow with the export and stay in memory.
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ajar';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Presensi', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = attendanceExportHeaders.map((header, i) => ({
    header,
    key: String(i),
    width: widths[i] ?? 14,
    ...(header === 'Tanggal Absen' ? { style: { numFmt: excelDateTimeFormat } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const row of exportRows(db, filter, range)) {
    n += 1;
    sheet
      .addRow(
        safeRow([
          n,
          row.member_fullname,
          row.member_phone ?? '',
          row.program_title,
          row.topic_name,
          row.activity_name,
          toExportWallClock(row.created_at),
        ]),
      )
      .commit();
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

/** `GET /api/presence/v1/company/export`: answers `data.public_url` (spec 01 §7). */
export async function exportAttendances(
  deps: AttendanceExportDeps,
  viewer: Pick<RequestUser, 'id' | 'role'>,
  query: AttendanceExportQueryParsed,
): Promise<AttendanceExportReply> {
  const filter = await scopedFilter(deps.db, viewer, query);
  const range = {
    skip: query.limit > 0 ? (query.page - 1) * query.limit : 0,
    limit: query.limit,
  };
  const { url } = await createDownload(deps, {
    userId: viewer.id,
    filename: `presensi-${stamp()}.xlsx`,
    contentType: xlsxContentType,
    write: async (stream) => {
      refuseEmptyExport(await writeAttendances(deps.db, filter, range, stream));
    },
  });
  return { public_url: url };
}
