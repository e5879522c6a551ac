import type { ExportKind } from '@ajar/shared/exports/exports.constants';
import { exportFileSlug, exportFileStamp } from '@ajar/shared/exports/exports.rules';
import type {
  ExportReply,
  MemberRedeemExportQueryParsed,
} from '@ajar/shared/exports/exports.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import { requireProgram, requirePrograms } from '../access/access.service';
import * as repo from './exports.repository';
import { exportRowCount, type RedeemExportFilter } from './exports.rows';
import { writeMemberRedeemExport } from './exports.writer';

export type ExportDeps = ExportJobDeps;

const fileStem: Record<ExportKind, string> = {
  member_redeem: 'peserta',
  member_redeem_epm: 'nilai-tpm-uk',
};

function toFilter(programIds: string[], query: MemberRedeemExportQueryParsed): RedeemExportFilter {
  return {
    programIds,
    sort: query.sort,
    rangeDateType: query.range_date_type ?? query.sort,
    progressStart: query.progress_start,
    progressEnd: query.progress_end,
    startDate: query.start_date,
    endDate: query.end_date,
    limit: query.limit,
  };
}

/** What the export job needs to write the file again after a restart. */
export interface ExportJobInput {
  filter: RedeemExportFilter;
  kind: ExportKind;
}

const writeFor =
  (db: Db, { filter, kind }: ExportJobInput): ExportWrite =>
  (out, onRow) =>
    writeMemberRedeemExport({ db }, filter, out, { kind, mode: 'stream', onRow });

/** The export job: the file of an export past `exportJobThreshold` rows. */
export async function runMemberRedeemExportJob(db: Db, ctx: JobContext<ExportJobInput>) {
  await runExportJob(ctx, await exportRowCount(db, ctx.input.filter), writeFor(db, ctx.input));
}

/** The file at once (`public_url`), or past `exportJobThreshold` rows a job (`job_id`). */
function store(
  deps: ExportDeps,
  viewer: RequestUser,
  filename: string,
  filter: RedeemExportFilter,
  kind: ExportKind,
): Promise<ExportReply> {
  const input: ExportJobInput = { filter, kind };
  return exportFileOrJob(deps, viewer, {
    kind: 'export',
    filename,
    input,
    countUpTo: (atMost) => exportRowCount(deps.db, filter, atMost),
    write: writeFor(deps.db, input),
  });
}

/**
 * `POST /api/users/v1/export/member_redeem` and `…/member_redeem_epm`: the participants of the
 * chosen programs as an .xlsx. Every program must be visible to the viewer (a trainer's
 * unassigned program answers 404, like any record outside their scope).
 */
export async function exportMemberRedeems(
  deps: ExportDeps,
  viewer: RequestUser,
  kind: ExportKind,
  programIds: string[],
  query: MemberRedeemExportQueryParsed,
): Promise<ExportReply> {
  const ids = [...new Set(programIds)];
  await requirePrograms(deps.db, viewer, ids);
  return store(
    deps,
    viewer,
    `${fileStem[kind]}-${exportFileStamp()}.xlsx`,
    toFilter(ids, query),
    kind,
  );
}

/** `GET /api/users/v1/export/member_redeem/{programId}`: one program's participants. */
export async function exportProgramMemberRedeems(
  deps: ExportDeps,
  viewer: RequestUser,
  programId: string,
  query: MemberRedeemExportQueryParsed,
): Promise<ExportReply> {
  await requireProgram(deps.db, viewer, programId);
  const title = (await repo.programTitles(deps.db, [programId])).get(programId);
  if (title === undefined) throw AppError.notFound();
  const filename = `${fileStem.member_redeem}-${exportFileSlug(title)}-${exportFileStamp()}.xlsx`;
  return store(deps, viewer, filename, toFilter([programId], query), 'member_redeem');
}
