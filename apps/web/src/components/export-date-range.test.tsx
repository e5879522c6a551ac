import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportFieldLabels } from '@ajar/shared/exports/exports.constants';
import { ExportDateRange, exportDateErrors } from './export-date-range';

afterEach(cleanup);

describe('ExportDateRange', () => {
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('shows and reads dd/mm/yyyy whatever the browser language, and keeps yyyy-mm-dd', () => {
    const onChange = vi.fn();
    render(
      <ExportDateRange
        value={{ startDate: '2026-01-05', endDate: '' }}
        errors={{}}
        onChange={onChange}
      />,
    );
    // A text field: no native picker that follows the browser's locale (mm/dd/yyyy in English).
    expect(input(exportFieldLabels.startDate).type).toBe('text');
    expect(input(exportFieldLabels.startDate).value).toBe('05/01/2026');
    fireEvent.change(input(exportFieldLabels.endDate), { target: { value: '03/04/2026' } });
    expect(onChange).toHaveBeenCalledWith('endDate', '2026-04-03');
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
    fireEvent.change(input(exportFieldLabels.startDate), { target: { value: '01/03/2026' } });
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
