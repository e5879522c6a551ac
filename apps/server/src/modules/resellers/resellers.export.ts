import type { Writable } from 'node:stream';
import { loadExcelJs } from '../../lib/lazy-modules';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import { exportUtcOffsetMinutes } from '@ajar/shared/exports/exports.constants';
import { exportRangeInstants, toExportWallClock } from '@ajar/shared/exports/exports.rules';
import {
  giftLabels,
  resellerMessages,
  resellerUserExportHeaders,
} from '@ajar/shared/resellers/resellers.constants';
import type {
  ResellerExportReply,
  ResellersExportQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createDownload, refuseEmptyExport, xlsxContentType } from '../../lib/downloads';
import type { Storage } from '../../lib/storage';
import type { RequestUser } from '../../plugins/auth';
import * as repo from './resellers.repository';
import { resellerByCode } from './resellers.service';
import { safeRow } from '../../lib/xlsx-cells';

export interface ResellerExportDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** Rows read per keyset query. */
const pageSize = 2000;

const widths = [7, 22, 28, 17, 30, 36, 22, 22, 10, 24, 15];
const dateColumns = new Set(['Tanggal Redeem', 'Tanggal Mulai']);

interface ExportTarget {
  id: string;
  fullname: string;
  code: string;
}

interface ExportFilter {
  from?: Date;
  to?: Date;
  /** -1 = all. */
  limit: number;
  /** Rows skipped before the first one written (a paged export). */
  skip: number;
}

/**
 * Every matching redeem of the resellers, one reseller after another (in the order given), each
 * by redeem date: keyset pages along `member_redeems_reseller_idx`, never the whole table.
 */
async function* exportRows(db: DbOrTx, targets: ExportTarget[], filter: ExportFilter) {
  let toSkip = filter.skip;
  let left = filter.limit > 0 ? filter.limit : Number.POSITIVE_INFINITY;
  for (const target of targets) {
    let cursor: repo.UserCursor | null = null;
    while (left > 0) {
      const rows = await repo.userExportPage(db, {
        resellerId: target.id,
        from: filter.from,
        to: filter.to,
        cursor,
        offset: cursor ? 0 : toSkip,
        limit: Math.min(pageSize, left),
      });
      if (!cursor && toSkip > 0) {
        // A reseller with fewer rows than the offset passes what is left of it to the next one.
        toSkip =
          rows.length > 0
            ? 0
            : toSkip - (await repo.userExportCount(db, target.id, filter.from, filter.to));
      }
      for (const row of rows) {
        yield { target, row };
        left -= 1;
      }
      if (rows.length < pageSize) break;
      const last = rows[rows.length - 1]!;
      cursor = { key: last.sort_key, id: last.id };
    }
  }
}

/** Writes the users of `targets` as an .xlsx with ExcelJS's streaming writer. */
export async function writeResellerUsers(
  db: DbOrTx,
  targets: ExportTarget[],
  filter: ExportFilter,
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
  const sheet = workbook.addWorksheet('Pengguna Reseller', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = resellerUserExportHeaders.map((header, i) => ({
    header,
    key: String(i),
    width: widths[i] ?? 14,
    ...(dateColumns.has(header) ? { style: { numFmt: excelDateTimeFormat } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const { target, row } of exportRows(db, targets, filter)) {
    n += 1;
    sheet
      .addRow(
        safeRow([
          n,
          row.license,
          row.fullname,
          row.phone,
          row.email,
          row.program_title,
          toExportWallClock(row.created_at),
          row.start_test_at ? toExportWallClock(row.start_test_at) : null,
          giftLabels[row.meta.gift === 'true' ? 'true' : 'false'],
          target.fullname,
          target.code,
        ]),
      )
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return { rows: n };
}

/** `20250301-1030` in WIB. */
function stamp(now = new Date()): string {
  const wib = new Date(now.getTime() + exportUtcOffsetMinutes * 60_000).toISOString();
  return `${wib.slice(0, 10).replaceAll('-', '')}-${wib.slice(11, 16).replace(':', '')}`;
}

async function store(
  deps: ResellerExportDeps,
  viewer: Pick<RequestUser, 'id'>,
  filename: string,
  targets: ExportTarget[],
  filter: ExportFilter,
): Promise<ResellerExportReply> {
  const { url } = await createDownload(deps, {
    userId: viewer.id,
    filename,
    contentType: xlsxContentType,
    write: async (stream) => {
      refuseEmptyExport(await writeResellerUsers(deps.db, targets, filter, stream));
    },
  });
  // Spec 01 §7: `data.data.public_url`.
  return { data: { public_url: url } };
}

/** `GET /api/reseller/v1/export/list-user-reseller`: one reseller's users. */
export async function exportResellerUsers(
  deps: ResellerExportDeps,
  viewer: Pick<RequestUser, 'id'>,
  query: { reseller_code: string; limit: number },
): Promise<ResellerExportReply> {
  const target = await resellerByCode(deps.db, query.reseller_code);
  return store(deps, viewer, `pengguna-reseller-${target.code}-${stamp()}.xlsx`, [target], {
    limit: query.limit,
    skip: 0,
  });
}

/**
 * `POST /api/reseller/v1/export/list-user-reseller`: the users of several referral codes over a
 * range of redeem dates (whole WIB days). An unknown code is refused on `referral_code`.
 */
export async function exportResellersUsers(
  deps: ResellerExportDeps,
  viewer: Pick<RequestUser, 'id'>,
  codes: string[],
  query: ResellersExportQueryParsed,
): Promise<ResellerExportReply> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  const found = await repo.findByCodes(deps.db, wanted);
  const byCode = new Map(found.map((r) => [r.code.toUpperCase(), r]));
  const missing = wanted.find((c) => !byCode.has(c));
  if (missing) {
    const message = resellerMessages.referralNotFound(missing);
    throw AppError.validation({ referral_code: message });
  }
  const targets = wanted.map((c) => byCode.get(c)!);
  const { from, to } = exportRangeInstants(query.start_date, query.end_date);
  return store(deps, viewer, `pengguna-reseller-${stamp()}.xlsx`, targets, {
    from,
    to,
    limit: query.limit,
    skip: query.limit > 0 ? (query.page - 1) * query.limit : 0,
  });
}
