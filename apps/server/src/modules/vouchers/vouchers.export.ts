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
import { keysetRows, writeExportSheet } from '../../lib/xlsx-sheet';
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

const widths = voucherExportHeaders.map(() => 20);
const formats = Object.fromEntries([...dateHeaders].map((h) => [h, 'dd/mm/yyyy hh:mm']));

function writeFor(db: Db, filter: repo.VoucherFilter): ExportWrite {
  return async (stream, onRow) => {
    const written = await writeExportSheet(
      stream,
      {
        name: 'Voucher',
        headers: voucherExportHeaders,
        widths,
        formats,
        rows: keysetRows(async (cursor, size) => {
          // Other requests run between two pages.
          if (cursor) await nextTurn();
          const after = cursor && { cursor_at: cursor.created_at, id: cursor.id };
          return repo.voucherPageAfter(db, filter, after, size);
        }, exportPageSize),
        cells: (r) => [
          r.code,
          dateCell(r.created_at),
          r.reseller_fullname ?? '',
          r.reseller_referral_code ?? '',
          r.redeemed_at ? voucherStatusLabels.redeemed : voucherStatusLabels.available,
          dateCell(r.redeemed_at),
          r.member_fullname ?? '',
          r.member_email ?? '',
        ],
      },
      onRow,
    );
    // A job started for codes deleted since fails as the direct export does.
    refuseEmptyExport(written);
    return written;
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
