import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from './date-field';

afterEach(cleanup);

describe('DateField', () => {
  it('is typed dd/mm/yyyy and sends yyyy-mm-dd under its name', () => {
    const { container } = render(
      <form>
        <DateField label="Tanggal Lahir" name="date_of_birth" />
      </form>,
    );
    const box = screen.getByLabelText('Tanggal Lahir') as HTMLInputElement;
    expect(box.type).toBe('text');
    expect(box.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(box, { target: { value: '03/04/1990' } });
    const form = container.querySelector('form')!;
    expect(new FormData(form).get('date_of_birth')).toBe('1990-04-03');
  });
});
