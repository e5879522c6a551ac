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
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { exportFileStamp, toExportWallClock } from '@ajar/shared/exports/exports.rules';
import { learningRecordExcelTimeFormat } from '@ajar/shared/learning-record/learning-record.constants';
import type { Db, DbOrTx } from '../../db/client';
import { keysetRows, writeExportSheet } from '../../lib/xlsx-sheet';
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

/** Writes the entries a filter matches, newest first, in keyset pages. */
export function writeAuditLog(
  db: DbOrTx,
  filter: AuditFilter,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  return writeExportSheet(
    out,
    {
      name: 'Log Aktivitas',
      headers: auditExportHeaders,
      widths,
      formats: { Waktu: learningRecordExcelTimeFormat },
      rows: keysetRows((cursor, size) => repo.auditEventsPage(db, filter, cursor, size), pageSize),
      cells: (row, n) => [
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
      ],
    },
    onRow,
  );
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
    filename: `log-aktivitas-${exportFileStamp()}.xlsx`,
    input: filter,
    countUpTo: (atMost) => repo.countAuditEvents(deps.db, filter, atMost),
    write: writeFor(deps.db, filter),
  });
}
