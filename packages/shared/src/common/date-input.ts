/**
 * Date fields read and write `dd/mm/yyyy` whatever the browser's language (a native date input
 * follows the browser: mm/dd/yyyy in an English one); forms and the API keep `yyyy-mm-dd`.
 */

export const dateInputPlaceholder = 'dd/mm/yyyy';

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const textPattern = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** `2026-11-28` → `28/11/2026`; anything else is shown as it is. */
export function isoToDateText(value: string): string {
  const m = isoPattern.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * `28/11/2026` (or `28-11-2026`, `28.11.2026`, single-digit day or month) → `2026-11-28`; ''
 * for an empty field; null for text that is no calendar day (31/02/2026 included).
 */
export function dateTextToIso(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const m = textPattern.exec(trimmed);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What a form holds for the typed text: the ISO day, '' when empty, else the text itself (so the
 * form's date rule refuses it with its own message). */
export function dateTextToFormValue(text: string): string {
  return dateTextToIso(text) ?? text;
}
