import { describe, expect, it } from 'vitest';
import { dateTextToFormValue, dateTextToIso, isoToDateText } from './date-input';

describe('date fields in dd/mm/yyyy', () => {
  it('shows an ISO day as dd/mm/yyyy', () => {
    expect(isoToDateText('2026-11-28')).toBe('28/11/2026');
    expect(isoToDateText('')).toBe('');
  });

  it('reads dd/mm/yyyy, never mm/dd/yyyy, and refuses days that do not exist', () => {
    expect(dateTextToIso('03/04/2026')).toBe('2026-04-03');
    expect(dateTextToIso('3-4-2026')).toBe('2026-04-03');
    expect(dateTextToIso('31/02/2026')).toBeNull();
    expect(dateTextToIso('12/31/2026')).toBeNull();
    expect(dateTextToIso(' ')).toBe('');
    expect(dateTextToFormValue('28/11')).toBe('28/11');
  });
});
