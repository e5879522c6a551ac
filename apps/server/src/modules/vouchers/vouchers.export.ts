import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  voucherExportHeaders,
  voucherStatusLabels,
} from '@ajar/shared/vouchers/vouchers.constants';
import type { VoucherExportQuery } from '@ajar/shared/vouchers/vouchers.schemas';
import type { JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import type { Db } from '../../db/client';
import { refuseEmptyExport } from '../../lib/downloads';
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
import { requireProgram } from '../access/access.service';
import * as repo from './vouchers.repository';
import { assertBatchOfProgram } from './vouchers.service';

/**
 * Codes read per query. One page is one range of `vouchers_program_idx` (program, created_at, id)
 * read in a few milliseconds, and the event loop is given back between pages: on the embedded
 * database (one connection, on the main thread) another user's request waits for one page at
 * most, not for the export (docs/decisions.md, "Job queue limits").
 */
const exportPageSize = 500;
/** A date cell as the other exports write it: a real date, the WIB wall clock (the zone every screen shows). */
const dateCell = (d: Date | null) => (d ? toExportWallClock(d) : null);
const dateHeaders = new Set<string>(['Tanggal Dibuat', 'Tanggal Digunakan']);

/** What the voucher export job needs to write the file again after a restart. */
export interface VoucherExportJobInput {
  filter: repo.VoucherFilter;
  role: RequestUser['role'];
}

function writeFor(db: Db, filter: repo.VoucherFilter): ExportWrite {
  return async (stream, onRow) => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Voucher');
    sheet.columns = voucherExportHeaders.map((header) => ({
      header,
      width: 20,
      ...(dateHeaders.has(header) ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
    }));
    let after: { cursor_at: string; id: string } | null = null;
    let written = 0;
    for (;;) {
      const rows = await repo.voucherPageAfter(db, filter, after, exportPageSize);
      for (const r of rows) {
        sheet
          .addRow(
            safeRow([
              r.code,
              dateCell(r.created_at),
              r.reseller_fullname ?? '',
              r.reseller_referral_code ?? '',
              r.redeemed_at ? voucherStatusLabels.redeemed : voucherStatusLabels.available,
              dateCell(r.redeemed_at),
              r.member_fullname ?? '',
              r.member_email ?? '',
            ]),
          )
          .commit();
        written += 1;
        await onRow?.(written);
      }
      if (rows.length < exportPageSize) break;
      const last = rows[rows.length - 1]!;
      after = { cursor_at: last.cursor_at, id: last.id };
      // Other requests run between two pages.
      await nextTurn();
    }
    refuseEmptyExport({ rows: written });
    sheet.commit();
    await workbook.commit();
    return { rows: written };
  };
}

/** The voucher export job: the same writer, into the job's file (progress per 500 codes). */
export async function runVoucherExportJob(db: Db, ctx: JobContext<VoucherExportJobInput>) {
  const { filter, role } = ctx.input;
  // The program may have left the trainer since: checked again.
  await requireProgram(db, { id: ctx.userId, role }, filter.programId);
  await runExportJob(ctx, await repo.countVouchers(db, filter), writeFor(db, filter));
}

/**
 * `GET /api/program/v1/company/voucher/{programId}/export`: the filtered codes as .xlsx; its
 * short-lived link (`data.public_url`) up to `exportJobThreshold` codes, past them a job
 * (`data.job_id`, followed in 'Unduhan').
 */
export async function exportVouchers(
  deps: ExportJobDeps,
  viewer: RequestUser,
  programId: string,
  query: VoucherExportQuery,
): Promise<{ public_url: string } | JobStarted> {
  const { db } = deps;
  await requireProgram(db, viewer, programId);
  await assertBatchOfProgram(db, programId, query.batch_id);
  const filter: repo.VoucherFilter = {
    programId,
    status: query.status,
    ...(query.batch_id ? { batchId: query.batch_id } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
  const input: VoucherExportJobInput = { filter, role: viewer.role };
  return exportFileOrJob(deps, viewer, {
    kind: 'voucher_export',
    filename: `voucher-${new Date().toISOString().slice(0, 10)}.xlsx`,
    input,
    countUpTo: (atMost) => repo.countVouchers(db, filter, atMost),
    write: writeFor(db, filter),
  });
}
