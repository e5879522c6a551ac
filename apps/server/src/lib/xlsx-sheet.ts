import type { Writable } from 'node:stream';
import { loadExcelJs } from './lazy-modules';
import { safeRow } from './xlsx-cells';

/** One sheet of an export: its name, columns and the rows it writes. */
export interface ExportSheet<Row> {
  name: string;
  headers: readonly string[];
  /** Column widths in characters, by position (14 where none is given). */
  widths: readonly number[];
  /** Excel number formats of date columns, by header. */
  formats?: Readonly<Record<string, string>>;
  rows: AsyncIterable<Row>;
  /** The cells of a row; `n` is its number in the file, from 1. */
  cells: (row: Row, n: number) => readonly unknown[];
}

/**
 * Writes one sheet as an .xlsx with ExcelJS's streaming writer, row by row: the header in bold and
 * frozen, every cell through `safeRow`, `onRow` after each row (a job's progress and yield).
 * Inline strings: a shared-string table would grow with the export and stay in memory.
 */
export async function writeExportSheet<Row>(
  out: Writable,
  spec: ExportSheet<Row>,
  onRow?: (n: number) => Promise<void> | undefined,
): Promise<{ rows: number }> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ajar';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.headers.map((header, i) => {
    const numFmt = spec.formats?.[header];
    return {
      header,
      key: String(i),
      width: spec.widths[i] ?? 14,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const row of spec.rows) {
    n += 1;
    sheet.addRow(safeRow(spec.cells(row, n))).commit();
    await onRow?.(n);
  }
  sheet.commit();
  await workbook.commit();
  return { rows: n };
}

/** A keyset position: the time column the pages are ordered by, and the row's id. */
export interface TimeCursor {
  created_at: string;
  id: string;
}

/**
 * Every row of a query read in keyset pages of `pageSize` (never the whole result at once); each
 * row carries `cursor_at` (its ordering time as text) and `id`, where the next page starts.
 */
export async function* keysetRows<Row extends { cursor_at: string; id: string }>(
  page: (cursor: TimeCursor | null, size: number) => Promise<Row[]>,
  pageSize: number,
): AsyncGenerator<Row> {
  let cursor: TimeCursor | null = null;
  for (;;) {
    const rows = await page(cursor, pageSize);
    for (const row of rows) yield row;
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.cursor_at, id: last.id };
  }
}
