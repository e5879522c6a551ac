import type { Writable } from 'node:stream';
import {
  auditActionLabels,
  auditExportHeaders,
  auditSubjectLabels,
  type AuditAction,
  type AuditSubjectType,
} from '@ajar/shared/audit/audit.constants';
import type { AuditFilter } from '@ajar/shared/audit/audit.schemas';
import { roleNames, type RoleKey } from '@ajar/shared/common/roles';
import { exportUtcOffsetMinutes } from '@ajar/shared/exports/exports.constants';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import { learningRecordExcelTimeFormat } from '@ajar/shared/learning-record/learning-record.constants';
import type { Db, DbOrTx } from '../../db/client';
import { loadExcelJs } from '../../lib/lazy-modules';
import { safeRow } from '../../lib/xlsx-cells';
import type { RequestUser } from '../../plugins/auth';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import * as repo from './audit.repository';

const pageSize = 2000;
const widths = [7, 30, 28, 14, 18, 34, 14, 38, 48, 48];

const label = <K extends string>(labels: Record<K, string>, key: string) =>
  (labels as Record<string, string | undefined>)[key] ?? key;
const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

async function* entries(db: DbOrTx, filter: AuditFilter) {
  let cursor: { created_at: string; id: string } | null = null;
  for (;;) {
    const rows = await repo.auditEventsPage(db, filter, cursor, pageSize);
    for (const row of rows) yield row;
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.cursor_at, id: last.id };
  }
}

/** Writes the entries a filter matches, newest first, with ExcelJS's streaming writer. */
export async function writeAuditLog(
  db: DbOrTx,
  filter: AuditFilter,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ajar';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Log Aktivitas', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = auditExportHeaders.map((header, i) => ({
    header,
    key: String(i),
    width: widths[i] ?? 14,
    ...(header === 'Waktu' ? { style: { numFmt: learningRecordExcelTimeFormat } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const row of entries(db, filter)) {
    n += 1;
    sheet
      .addRow(
        safeRow([
          n,
          toExportWallClock(row.created_at),
          row.actor_name ?? '',
          row.actor_role ? label<RoleKey>(roleNames, row.actor_role) : '',
          row.actor_ip ?? '',
          label<AuditAction>(auditActionLabels, row.action),
          label<AuditSubjectType>(auditSubjectLabels, row.subject_type),
          row.subject_id,
          json(row.before),
          json(row.after),
        ]),
      )
      .commit();
    await onRow?.(n);
  }
  sheet.commit();
  await workbook.commit();
  return { rows: n };
}

function stamp(now = new Date()): string {
  const wib = new Date(now.getTime() + exportUtcOffsetMinutes * 60_000).toISOString();
  return `${wib.slice(0, 10).replaceAll('-', '')}-${wib.slice(11, 16).replace(':', '')}`;
}

/** What the export job needs to write the file again after a restart: the filter. */
export type AuditExportJobInput = AuditFilter;

const writeFor =
  (db: DbOrTx, filter: AuditFilter): ExportWrite =>
  (out, onRow) =>
    writeAuditLog(db, filter, out, onRow);

export async function runAuditExportJob(db: Db, ctx: JobContext<AuditExportJobInput>) {
  const total = await repo.countAuditEvents(db, ctx.input);
  await runExportJob(ctx, total, writeFor(db, ctx.input));
}

/**
 * `GET /api/users/v1/audit-log/export`: the entries of a filter as an .xlsx, the link at once or,
 * past `exportJobThreshold` entries, a job followed in 'Unduhan'. An empty filter result is 404
 * (`refuseEmptyExport`), as the other exports.
 */
export async function exportAuditLog(
  deps: ExportJobDeps,
  viewer: RequestUser,
  filter: AuditFilter,
): Promise<ExportReply> {
  return exportFileOrJob(deps, viewer, {
    kind: 'audit_export',
    filename: `log-aktivitas-${stamp()}.xlsx`,
    input: filter,
    countUpTo: (atMost) => repo.countAuditEvents(deps.db, filter, atMost),
    write: writeFor(deps.db, filter),
  });
}
