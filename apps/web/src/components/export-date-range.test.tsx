import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zoneDateKey } from '@ajar/shared/common/datetime';
import { exportFieldLabels, exportLimits } from '@ajar/shared/exports/exports.constants';
import { ExportDateRange, exportDateErrors } from './export-date-range';

afterEach(cleanup);

describe('ExportDateRange', () => {
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('bounds the range by 1950-01-01 and today (WIB), the start never after the end', () => {
    const { rerender } = render(
      <ExportDateRange value={{ startDate: '', endDate: '' }} errors={{}} onChange={vi.fn()} />,
    );
    expect([
      input(exportFieldLabels.startDate).min,
      input(exportFieldLabels.startDate).max,
    ]).toEqual([exportLimits.minDate, zoneDateKey()]);
    expect([input(exportFieldLabels.endDate).min, input(exportFieldLabels.endDate).max]).toEqual([
      exportLimits.minDate,
      zoneDateKey(),
    ]);
    rerender(
      <ExportDateRange
        value={{ startDate: '2026-01-05', endDate: '2026-02-01' }}
        errors={{}}
        onChange={vi.fn()}
      />,
    );
    expect(input(exportFieldLabels.startDate).max).toBe('2026-02-01');
    expect(input(exportFieldLabels.endDate).min).toBe('2026-01-05');
  });

  it('says which field changed and shows each field its message', () => {
    const onChange = vi.fn();
    render(
      <ExportDateRange
        value={{ startDate: '', endDate: '' }}
        errors={{ end_date: 'Tanggal akhir tidak valid' }}
        onChange={onChange}
      />,
    );
    fireEvent.change(input(exportFieldLabels.startDate), { target: { value: '2026-03-01' } });
    expect(onChange).toHaveBeenCalledWith('startDate', '2026-03-01');
    expect(screen.getByText('Tanggal akhir tidak valid')).toBeTruthy();
  });

  it("keeps the first message of each date field from a schema's issues", () => {
    expect(
      exportDateErrors([
        { path: ['start_date'], message: 'pertama' },
        { path: ['start_date'], message: 'kedua' },
        { path: ['progress_end'], message: 'lain' },
        { path: ['end_date'], message: 'akhir' },
      ]),
    ).toEqual({ start_date: 'pertama', end_date: 'akhir' });
  });
});
