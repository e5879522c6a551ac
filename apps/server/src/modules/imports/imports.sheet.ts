import {
  importColumnOf,
  importLimits,
  importMessages,
  type ImportColumn,
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

/** Reads the upload into memory, refusing it (413) as soon as it passes the size limit. */
export async function readUpload(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > importLimits.fileBytes) throw AppError.tooLarge(importMessages.tooLarge);
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
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

/** Header cells → the column of each known name (first one wins; extra columns ignored). */
function mapHeader(cells: CellValue[]): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((cell, i) => {
    const column = importColumnOf(cellText(cell));
    if (column && map[column] === undefined) map[column] = i;
  });
  return map;
}

function pick(cells: CellValue[], map: ColumnMap): Record<ImportColumn, CellValue> {
  const at = (i: number | undefined) => (i === undefined ? null : (cells[i] ?? null));
  return {
    license: at(map.license),
    activity_number: at(map.activity_number),
    score: at(map.score),
    feedback: at(map.feedback),
  };
}

/**
 * Checks the file and every row that needs no database: the container (zip, size, entries),
 * the header row (found by name, in any column order), each data row's cells, and duplicates of
 * license + activity number within the file. Empty rows are skipped. Throws `AppError` when the
 * whole file is refused; nothing has been written by then.
 */
export async function readScoreSheet(buffer: Buffer): Promise<ReadSheet> {
  if (buffer.length === 0) throw AppError.validation({ file: importMessages.fileRequired });
  try {
    const zip: ZipArchive = openZip(buffer, {
      entries: importLimits.zipEntries,
      unpackedBytes: importLimits.unpackedBytes,
    });
    const sheet = await openFirstSheet(zip);
    if (sheet === null) throw AppError.unsupported(importMessages.notXlsx);
    if (sheet === 'no-sheet') throw AppError.badRequest(importMessages.noSheet);

    let map: ColumnMap | null = null;
    const results: ImportResultRow[] = [];
    const pending: PendingRow[] = [];
    const firstRowOf = new Map<string, number>();
    for await (const batch of sheet.rows()) {
      for (const row of batch) {
        if (!map) {
          if (row.cells.every((c) => cellText(c) === '')) continue;
          map = mapHeader(row.cells);
          const missing = requiredColumns.filter((c) => map![c] === undefined);
          if (missing.length > 0) {
            throw AppError.validation({ file: importMessages.missingColumns(missing) });
          }
          continue;
        }
        const cells = pick(row.cells, map);
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
        const { license, activityNumber } = check.value;
        results.push({
          row: row.number,
          license,
          activity_number: activityNumber,
          status: false,
          message: '',
        });
        const key = `${license}\u0000${activityNumber}`;
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          results[index]!.message = importMessages.duplicate(first);
          continue;
        }
        firstRowOf.set(key, row.number);
        pending.push({ index, value: check.value });
      }
    }
    if (results.length === 0) throw AppError.validation({ file: importMessages.noRows });
    return { results, pending };
  } catch (error) {
    if (error instanceof ZipError) throw zipRefusal(error);
    throw error;
  }
}
