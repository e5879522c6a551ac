import type { Writable } from 'node:stream';
import { attentionExportHeaders } from '@ajar/shared/analytics/attention.constants';
import { attentionReasonTexts } from '@ajar/shared/analytics/attention.rules';
import type { AttentionExportQueryParsed } from '@ajar/shared/analytics/attention.schemas';
import type { ExportReply } from '@ajar/shared/exports/exports.schemas';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import {
  exportFileSlug,
  exportFileStamp,
  toExportWallClock,
} from '@ajar/shared/exports/exports.rules';
import type { Db, DbOrTx } from '../../db/client';
import { writeExportSheet } from '../../lib/xlsx-sheet';
import type { RequestUser } from '../../plugins/auth';
import { requireProgram } from '../access/access.service';
import {
  exportFileOrJob,
  runExportJob,
  type ExportJobDeps,
  type ExportWrite,
} from '../jobs/export-jobs';
import type { JobContext } from '../jobs/jobs.service';
import * as repo from './attention.repository';
import { attentionFilter, toAttentionRow } from './attention.service';

/** Rows read per keyset query. */
const pageSize = 2000;
const widths = [7, 30, 30, 17, 12, 22, 60, 22];

/** What the job needs to write the file again after a restart: the filter as it was asked. */
export interface AttentionExportJobInput {
  programId: string;
  days: number;
  /** The moment the list was asked for (ISO): a rerun flags as of then. */
  at: string;
}

async function* exportRows(db: DbOrTx, filter: repo.AttentionFilter) {
  let after: repo.AttentionCursor | null = null;
  for (;;) {
    const rows = await repo.attentionExportPage(db, filter, after, pageSize);
    for (const row of rows) yield row;
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    after = { since: last.last_activity_at ?? last.joined_at, id: last.redeem_id };
  }
}

const wallClock = (iso: string | null) => (iso ? toExportWallClock(new Date(iso)) : '');

function writeFor(db: DbOrTx, input: AttentionExportJobInput): ExportWrite {
  return async (out: Writable, onRow) => {
    const now = new Date(input.at);
    const filter = await attentionFilter(db, input.programId, input.days, now);
    return writeExportSheet(
      out,
      {
        name: 'Perlu Perhatian',
        headers: attentionExportHeaders,
        widths,
        formats: {
          'Aktivitas Terakhir': excelDateTimeFormat,
          'Terakhir Diingatkan': excelDateTimeFormat,
        },
        rows: exportRows(db, filter),
        cells: (r, n) => {
          const row = toAttentionRow(r, filter, now);
          return [
            n,
            row.fullname,
            row.email ?? '',
            row.phone ?? '',
            row.progress,
            wallClock(row.last_activity_at),
            attentionReasonTexts(row.reasons).join('; '),
            wallClock(row.last_reminded_at),
          ];
        },
      },
      onRow,
    );
  };
}

/** The export job: the file of a list past `exportJobThreshold` participants. */
export async function runAttentionExportJob(db: Db, ctx: JobContext<AttentionExportJobInput>) {
  const filter = await attentionFilter(
    db,
    ctx.input.programId,
    ctx.input.days,
    new Date(ctx.input.at),
  );
  await runExportJob(ctx, await repo.countAttention(db, filter), writeFor(db, ctx.input));
}

/**
 * `GET …/attention/export`: the whole list as an .xlsx (`data.public_url`), or past
 * `exportJobThreshold` participants a job followed in 'Unduhan' (`data.job_id`).
 */
export async function exportAttention(
  deps: ExportJobDeps,
  viewer: RequestUser,
  programId: string,
  query: AttentionExportQueryParsed,
): Promise<ExportReply> {
  await requireProgram(deps.db, viewer, programId);
  const at = new Date();
  const filter = await attentionFilter(deps.db, programId, query.days, at);
  const input: AttentionExportJobInput = { programId, days: query.days, at: at.toISOString() };
  return exportFileOrJob(deps, viewer, {
    kind: 'attention_export',
    filename: `perlu-perhatian-${exportFileSlug(filter.programTitle)}-${exportFileStamp(at)}.xlsx`,
    input,
    countUpTo: (atMost) => repo.countAttention(deps.db, filter, atMost),
    write: writeFor(deps.db, input),
  });
}
