import {
  epmScoreColumnOf,
  importColumnLabels,
  importColumnOf,
  importLimits,
  importMessages,
  type ImportColumn,
  type ImportKind,
} from '@ajar/shared/imports/imports.constants';
import {
  cellText,
  checkImportRow,
  type CellValue,
  type ImportRowValue,
} from '@ajar/shared/imports/imports.rules';
import type { ImportResultRow } from '@ajar/shared/imports/imports.schemas';
import { AppError } from '../../lib/app-error';
import { openFirstSheet } from '../../lib/xlsx-read';
import { openZip, ZipError, type ZipArchive } from '../../lib/zip-read';

/**
 * Reads the upload into memory. Its size is checked once, by the multipart adapter's file limit
 * (imports.routes.ts): the stream ends at the limit with a 413.
 */
export async function readUpload(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A refused archive in the words of the import screen: 415 for the wrong type, 400 otherwise. */
export function zipRefusal(error: ZipError): AppError {
  switch (error.code) {
    case 'not-zip':
      return AppError.unsupported(importMessages.notXlsx);
    case 'ole':
      return AppError.unsupported(importMessages.legacyXls);
    case 'encrypted-ole':
      return AppError.unsupported(importMessages.encrypted);
    case 'too-big':
      return AppError.badRequest(importMessages.zipBomb);
    case 'broken':
      return AppError.badRequest(importMessages.broken);
  }
}

/** A checked row waiting for the database checks. */
export interface PendingRow {
  /** Index of its result in the reply. */
  index: number;
  value: ImportRowValue;
}

export interface ReadSheet {
  results: ImportResultRow[];
  pending: PendingRow[];
}

type ColumnMap = Partial<Record<ImportColumn, number>>;
const requiredColumns: ImportColumn[] = ['license', 'activity_number', 'score'];

/** A score column of an 'Export TPM & UK' file, with its feedback column when there is one. */
interface EpmColumn {
  activityNumber: number;
  score: number;
  feedback: number | undefined;
}

/**
 * How the file's columns are read, found by their header names in any order: the import
 * template (one row per score), or an 'Export TPM & UK' file (one row per participant, a
 * `Nilai UK 12 - Judul` column per activity) imported back after its scores were edited.
 */
type Layout =
  { kind: 'template'; map: ColumnMap } | { kind: 'epm'; license: number; columns: EpmColumn[] };

/** Header cells → the layout; throws when the header row is neither (naming what is missing). */
function readHeader(cells: CellValue[], importKind: ImportKind): Layout {
  const map: ColumnMap = {};
  const scores = new Map<number, number[]>();
  const feedbacks = new Map<string, number>();
  let epmOtherKind = false;
  cells.forEach((cell, i) => {
    const text = cellText(cell);
    const column = importColumnOf(text);
    if (column && map[column] === undefined) map[column] = i;
    const epm = epmScoreColumnOf(text);
    if (!epm) return;
    if (epm.kind !== importKind) {
      epmOtherKind = true;
      return;
    }
    if (epm.field === 'score') {
      scores.set(epm.activityNumber, [...(scores.get(epm.activityNumber) ?? []), i]);
    } else {
      // The feedback column right after its score column (the export writes them in pairs).
      feedbacks.set(`${epm.activityNumber}:${i - 1}`, i);
    }
  });
  const missing = requiredColumns.filter((c) => map[c] === undefined);
  if (missing.length === 0) return { kind: 'template', map };
  if (map.license !== undefined && (scores.size > 0 || epmOtherKind)) {
    if (scores.size === 0)
      throw AppError.validation({ file: importMessages.noScoreColumns(importKind) });
    const columns = [...scores].flatMap(([activityNumber, at]) =>
      at.map((score) => ({
        activityNumber,
        score,
        feedback: feedbacks.get(`${activityNumber}:${score}`),
      })),
    );
    return { kind: 'epm', license: map.license, columns };
  }
  throw AppError.validation({
    file: importMessages.missingColumns(missing.map((c) => importColumnLabels[c])),
  });
}

/** The cells of one score of a data row; an 'Export TPM & UK' row holds one per filled column. */
function rowScores(cells: CellValue[], layout: Layout): Record<ImportColumn, CellValue>[] {
  const at = (i: number | undefined) => (i === undefined ? null : (cells[i] ?? null));
  if (layout.kind === 'template') {
    const { map } = layout;
    return [
      {
        license: at(map.license),
        activity_number: at(map.activity_number),
        score: at(map.score),
        feedback: at(map.feedback),
      },
    ];
  }
  // A blank score cell is no score to import (the participant was not graded there).
  return layout.columns
    .filter((c) => cellText(at(c.score)) !== '')
    .map((c) => ({
      license: at(layout.license),
      activity_number: c.activityNumber,
      score: at(c.score),
      feedback: at(c.feedback),
    }));
}

/**
 * Checks the file and every row that needs no database: the container (zip, size, entries),
 * the header row (found by name, in any column order; the template's or an 'Export TPM & UK'
 * file's), each data row's cells, and duplicates of license + activity number within the file. Empty rows are skipped. Throws `AppError` when the
 * whole file is refused; nothing has been written by then.
 */
export async function readScoreSheet(buffer: Buffer, importKind: ImportKind): Promise<ReadSheet> {
  if (buffer.length === 0) throw AppError.validation({ file: importMessages.fileRequired });
  try {
    const zip: ZipArchive = openZip(buffer, {
      entries: importLimits.zipEntries,
      unpackedBytes: importLimits.unpackedBytes,
    });
    const sheet = await openFirstSheet(zip);
    if (sheet === null) throw AppError.unsupported(importMessages.notXlsx);
    if (sheet === 'no-sheet') throw AppError.badRequest(importMessages.noSheet);

    let layout: Layout | null = null;
    const results: ImportResultRow[] = [];
    const pending: PendingRow[] = [];
    const firstRowOf = new Map<string, number>();
    for await (const batch of sheet.rows()) {
      for (const row of batch) {
        if (!layout) {
          if (row.cells.every((c) => cellText(c) === '')) continue;
          layout = readHeader(row.cells, importKind);
          continue;
        }
        for (const cells of rowScores(row.cells, layout)) {
          if (Object.values(cells).every((c) => cellText(c) === '')) continue;
          if (results.length >= importLimits.dataRows) {
            throw AppError.validation({ file: importMessages.tooManyRows });
          }
          const check = checkImportRow(cells);
          const index = results.length;
          if (!check.ok) {
            results.push({
              row: row.number,
              license: check.license,
              activity_number: check.activityNumber,
              status: false,
              message: check.message,
            });
            continue;
          }
          const { value } = check;
          const { license, activityNumber } = value;
          results.push({
            row: row.number,
            license,
            activity_number: activityNumber,
            status: false,
            message: '',
          });
          // A code typed in lower case is the same voucher (as redeem and search read it).
          const key = `${license.toUpperCase()}\u0000${activityNumber}`;
          const first = firstRowOf.get(key);
          if (first !== undefined) {
            results[index]!.message = importMessages.duplicate(first);
            continue;
          }
          firstRowOf.set(key, row.number);
          pending.push({ index, value });
        }
      }
    }
    if (results.length === 0) throw AppError.validation({ file: importMessages.noRows });
    return { results, pending };
  } catch (error) {
    if (error instanceof ZipError) throw zipRefusal(error);
    throw error;
  }
}
