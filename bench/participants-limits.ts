// The limits the participants bench measures its export and import against, in the same run
//: the machine's speed moves 2–3× from day to day, so a throughput figure is read as a
// ratio to the library doing the same work alone, with nothing of Ajar's around it.
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { importLimits } from '@ajar/shared/imports/imports.constants';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { openFirstSheet } from '../apps/server/src/lib/xlsx-read';
import { safeRow } from '../apps/server/src/lib/xlsx-cells';
import { openZip } from '../apps/server/src/lib/zip-read';
import { programActivitiesInOrder } from '../apps/server/src/modules/imports/imports.repository';
import { writeFeedback } from '../apps/server/src/modules/imports/imports.service';
import { readScoreSheet } from '../apps/server/src/modules/imports/imports.sheet';
import {
  exportRows,
  type RedeemExportFilter,
} from '../apps/server/src/modules/exports/exports.rows';
import {
  memberRedeemColumns,
  memberRedeemValues,
  openWorkbook,
  type Cell,
} from '../apps/server/src/modules/exports/exports.writer';
import { startRssSampler } from './rss-sampler';

/** Goal of The export and the import cost at most this much their writer/parse alone. */
export const ratioGoal = 1.5;

/**
 * Times `write` into a new file of `dir` until the file is closed, with the RSS peak over the run
 * and the file's size; the file is removed after.
 */
export async function timeFileWrite<T>(
  dir: string,
  name: string,
  write: (out: Writable) => Promise<T>,
) {
  const file = path.join(dir, name);
  const sampler = await startRssSampler();
  const started = performance.now();
  const out = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  const result = await write(out);
  if (!out.writableEnded) out.end();
  await closed;
  const ms = performance.now() - started;
  const { peakDeltaMb } = await sampler.stop();
  const bytes = fs.statSync(file).size;
  fs.rmSync(file, { force: true });
  return { result, ms, peakDeltaMb, bytes };
}

/**
 * ExcelJS's streaming writer alone: the export's cells (same columns, same values, formula-like
 * text already neutralised) read from the database into memory first, untimed, then written
 * with the workbook setup the export uses (`openWorkbook`).
 */
export async function measureWriterAlone(db: Db, filter: RedeemExportFilter, dir: string) {
  const cells: Cell[][] = [];
  for await (const row of exportRows(db, filter)) {
    cells.push(safeRow(memberRedeemValues(cells.length + 1, row)));
  }
  return timeFileWrite(dir, 'writer-alone.xlsx', async (out) => {
    const { sheet, finish } = await openWorkbook(out, 'stream', memberRedeemColumns());
    for (const values of cells) sheet.addRow(values).commit();
    await finish();
    return cells.length;
  });
}

/**
 * The import's reader alone on the same file (`openZip` with the import's limits, then the
 * first sheet's rows through `lib/xlsx-read.ts`, the SAX reader `importScores` uses; ExcelJS's
 * readers are not used by the import), and the same plus the import's row checks
 * (`readScoreSheet`, no database), for where the rest of the import's time goes.
 */
export async function measureParseAlone(buffer: Buffer) {
  const started = performance.now();
  const zip = openZip(buffer, {
    entries: importLimits.zipEntries,
    unpackedBytes: importLimits.unpackedBytes,
  });
  const sheet = await openFirstSheet(zip);
  if (sheet === null || sheet === 'no-sheet') throw new Error('the import file has no sheet');
  let rows = 0;
  for await (const batch of sheet.rows()) rows += batch.length;
  const parseMs = performance.now() - started;
  const checked = performance.now();
  const { pending } = await readScoreSheet(buffer, 'uk');
  const checkMs = performance.now() - checked;
  return { parseMs, rows, checkMs, pending: pending.length };
}

/** The score and feedback of the import file's `i`-th data row (0-based). */
export function importRowScore(i: number): { score: number; feedback: string } {
  return {
    score: (i * 7) % 101,
    feedback: `Uji keterampilan ${i + 1}: langkah kerja runtut, hasil sesuai standar.`,
  };
}

class RolledBack extends Error {}

/**
 * The import's write alone (`writeFeedback`, in one transaction as the import writes): the rows
 * the import file holds (every license of the program, in the file's order), resolved from the
 * database beforehand and not timed, then rolled back. No parse and no lookups: what storing the
 * rows costs the database, the part of the import its reader cannot bound.
 */
export async function measureWriteAlone(
  db: Db,
  programId: string,
  activityNumber: number,
  userId: string,
) {
  const redeems = (
    (await db.execute(
      sql`select id from member_redeems where program_id = ${programId} order by license`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const activity = (await programActivitiesInOrder(db, programId))[activityNumber - 1]!;
  const writes = redeems.map(({ id }, i) => {
    const { score, feedback } = importRowScore(i);
    return {
      member_redeem_id: id,
      program_id: programId,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      score,
      text: feedback,
    };
  });
  const started = performance.now();
  let ms = 0;
  await db
    .transaction(async (tx) => {
      await writeFeedback(tx, writes, userId);
      ms = performance.now() - started;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return { ms, rows: writes.length };
}

export const ratio = (ms: number, aloneMs: number) => {
  const r = ms / aloneMs;
  return `${r.toFixed(2)}× (goal ≤ ${ratioGoal}×: ${r <= ratioGoal ? 'met' : '**missed**'})`;
};
