import type { Writable } from 'node:stream';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import {
  exportFileStamp,
  exportRangeInstants,
  toExportWallClock,
} from '@ajar/shared/exports/exports.rules';
import {
  giftLabels,
  resellerMessages,
  resellerUserExportHeaders,
} from '@ajar/shared/resellers/resellers.constants';
import type {
  ResellerExportReply,
  ResellersExportQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import * as repo from './resellers.repository';
import { resellerByCode } from './resellers.service';
import { writeExportSheet } from '../../lib/xlsx-sheet';

export type ResellerExportDeps = ExportJobDeps;

/** Rows read per keyset query. */
const pageSize = 2000;

const widths = [7, 22, 28, 17, 30, 36, 22, 22, 10, 24, 15];

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

/** Writes the users of `targets` as an .xlsx. */
export function writeResellerUsers(
  db: DbOrTx,
  targets: ExportTarget[],
  filter: ExportFilter,
  out: Writable,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  return writeExportSheet(
    out,
    {
      name: 'Pengguna Reseller',
      headers: resellerUserExportHeaders,
      widths,
      formats: { 'Tanggal Redeem': excelDateTimeFormat, 'Tanggal Mulai': excelDateTimeFormat },
      rows: exportRows(db, targets, filter),
      cells: ({ target, row }, n) => [
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
      ],
    },
    onRow,
  );
}

/**
 * The rows the export writes, counted by SQL from the pages' own filter; with `atMost`, counting
 * stops there (past the rows skipped).
 */
async function exportRowCount(
  db: DbOrTx,
  targets: ExportTarget[],
  filter: ExportFilter,
  atMost?: number,
): Promise<number> {
  const counted = await repo.usersExportCount(
    db,
    { resellerIds: targets.map((t) => t.id), from: filter.from, to: filter.to },
    atMost === undefined ? undefined : filter.skip + atMost,
  );
  const rows = Math.max(0, counted - filter.skip);
  return filter.limit > 0 ? Math.min(rows, filter.limit) : rows;
}

/** What the reseller export job needs to write the file again after a restart. */
export interface ResellerExportJobInput {
  targets: ExportTarget[];
  /** The range as ISO instants (the job's input is JSON). */
  filter: Omit<ExportFilter, 'from' | 'to'> & { from?: string; to?: string };
}

function filterOf(input: ResellerExportJobInput): ExportFilter {
  const { from, to, ...rest } = input.filter;
  return {
    ...rest,
    from: from === undefined ? undefined : new Date(from),
    to: to === undefined ? undefined : new Date(to),
  };
}

const writeFor =
  (db: DbOrTx, targets: ExportTarget[], filter: ExportFilter): ExportWrite =>
  (out, onRow) =>
    writeResellerUsers(db, targets, filter, out, onRow);

/** The reseller export job: the file of an export past `exportJobThreshold` rows. */
export async function runResellerExportJob(db: Db, ctx: JobContext<ResellerExportJobInput>) {
  const { targets } = ctx.input;
  const filter = filterOf(ctx.input);
  const total = await exportRowCount(db, targets, filter);
  await runExportJob(ctx, total, writeFor(db, targets, filter));
}

/**
 * The file at once (spec 01 §7: `data.data.public_url`), or past `exportJobThreshold` rows a job
 * (`data.job_id`).
 */
async function store(
  deps: ResellerExportDeps,
  viewer: RequestUser,
  filename: string,
  targets: ExportTarget[],
  filter: ExportFilter,
): Promise<ResellerExportReply> {
  const input: ResellerExportJobInput = {
    targets: targets.map(({ id, fullname, code }) => ({ id, fullname, code })),
    filter: { ...filter, from: filter.from?.toISOString(), to: filter.to?.toISOString() },
  };
  const reply = await exportFileOrJob(deps, viewer, {
    kind: 'reseller_export',
    filename,
    input,
    countUpTo: (atMost) => exportRowCount(deps.db, targets, filter, atMost),
    write: writeFor(deps.db, targets, filter),
  });
  return 'job_id' in reply ? reply : { data: reply };
}

/** `GET /api/reseller/v1/export/list-user-reseller`: one reseller's users. */
export async function exportResellerUsers(
  deps: ResellerExportDeps,
  viewer: RequestUser,
  query: { reseller_code: string; limit: number },
): Promise<ResellerExportReply> {
  const target = await resellerByCode(deps.db, query.reseller_code);
  return store(
    deps,
    viewer,
    `pengguna-reseller-${target.code}-${exportFileStamp()}.xlsx`,
    [target],
    {
      limit: query.limit,
      skip: 0,
    },
  );
}

/**
 * `POST /api/reseller/v1/export/list-user-reseller`: the users of several referral codes over a
 * range of redeem dates (whole WIB days). An unknown code is refused on `referral_code`.
 */
export async function exportResellersUsers(
  deps: ResellerExportDeps,
  viewer: RequestUser,
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
  return store(deps, viewer, `pengguna-reseller-${exportFileStamp()}.xlsx`, targets, {
    from,
    to,
    limit: query.limit,
    skip: query.limit > 0 ? (query.page - 1) * query.limit : 0,
  });
}
