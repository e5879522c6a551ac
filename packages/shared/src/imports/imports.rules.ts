import { importLimits, importMessages, type ImportColumn } from './imports.constants';
import type { ImportResultRow } from './imports.schemas';

/** A cell as a reader gives it: text, a number, a boolean, or nothing. */
export type CellValue = string | number | boolean | null;

/** The text a user sees in a cell: numbers without a trailing `.0`, trimmed. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value.trim();
}

const decimal = /^[+-]?\d+(\.\d+)?$/;

/**
 * A whole number from a number cell or a number stored as text (`'85'`, `' 85 '`, `'85.0'`).
 * `empty` for a blank cell, `invalid` for anything else (text, decimals, hex, exponent).
 */
export function wholeNumber(value: CellValue): number | 'empty' | 'invalid' {
  if (typeof value === 'number') return Number.isInteger(value) ? value : 'invalid';
  const text = cellText(value);
  if (text === '') return 'empty';
  if (!decimal.test(text)) return 'invalid';
  const n = Number(text);
  return Number.isInteger(n) ? n : 'invalid';
}

/** A data row whose cells passed the checks that need no database. */
export interface ImportRowValue {
  license: string;
  activityNumber: number;
  score: number;
  /** `null` = the cell was blank: the stored text is kept. */
  feedback: string | null;
}

export type ImportRowCheck =
  | { ok: true; value: ImportRowValue }
  | { ok: false; license: string; activityNumber: number | string | null; message: string };

/**
 * Checks one row's cells (license, activity number, score 0–100, feedback ≤ 250) and answers the
 * first problem in that order, worded for the result dialog.
 */
export function checkImportRow(cells: Record<ImportColumn, CellValue>): ImportRowCheck {
  const license = cellText(cells.license);
  const numberText = cellText(cells.activity_number);
  const number = wholeNumber(cells.activity_number);
  const shownNumber = typeof number === 'number' ? number : numberText || null;
  const fail = (message: string): ImportRowCheck => ({
    ok: false,
    license,
    activityNumber: shownNumber,
    message,
  });
  if (license === '') return fail(importMessages.licenseRequired);
  if (number === 'empty') return fail(importMessages.activityNumberRequired);
  if (number === 'invalid' || number < 1) return fail(importMessages.activityNumberInvalid);
  const score = wholeNumber(cells.score);
  if (score === 'empty') return fail(importMessages.scoreRequired);
  if (score === 'invalid' || score < importLimits.scoreMin || score > importLimits.scoreMax) {
    return fail(importMessages.scoreInvalid);
  }
  const feedback = cellText(cells.feedback);
  if (feedback.length > importLimits.feedback) return fail(importMessages.feedbackTooLong);
  return {
    ok: true,
    value: { license, activityNumber: number, score, feedback: feedback === '' ? null : feedback },
  };
}

/** The result dialog's filter (spec 01 §9: 0 all, 1 success, 2 failed). */
export function filterImportRows(rows: ImportResultRow[], filter: number): ImportResultRow[] {
  if (filter === 1) return rows.filter((r) => r.status);
  if (filter === 2) return rows.filter((r) => !r.status);
  return rows;
}

/**
 * The dialog's summary (spec 01 §8): 'n/total data berhasil diimport.' when every row went in,
 * otherwise how many did not: 'n/total data belum berhasil diimport.'
 */
export function importSummary(rows: ImportResultRow[]): string {
  const failed = rows.filter((r) => !r.status).length;
  return failed === 0
    ? importMessages.summaryDone(rows.length, rows.length)
    : importMessages.summaryFailed(failed, rows.length);
}
