/**
 * Spreadsheet cells of every export (OWASP "CSV injection"): a text cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading apostrophe, so
 * the text stays text even when the .xlsx is re-saved as CSV and opened again (where a leading
 * `=` would become a formula). The apostrophe is part of the value: it survives any format.
 *
 * Not touched: numbers, dates, booleans, empty cells, and text that is a plain signed number
 * (`+6281234567890`, `-12.5`): a spreadsheet reads those as a number, never as a formula, and a
 * telephone number keeps its look.
 *
 * Use for every value an export writes: `sheet.addRow(safeRow([...]))`.
 */

const formulaStart = /^[=+\-@\t\r]/;
const signedNumber = /^[+-]?\d+(?:[.,]\d+)?$/;

export function safeCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  if (!formulaStart.test(value) || signedNumber.test(value)) return value;
  return `'${value}`;
}

export function safeRow<T>(values: readonly T[]): (T | string)[] {
  return values.map((value) => safeCell(value));
}
