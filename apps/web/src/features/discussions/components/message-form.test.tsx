import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discussionMessages } from '@ajar/shared/discussions/discussions.constants';
import { MessageForm } from './message-form';

afterEach(cleanup);

describe('MessageForm', () => {
  it('counts the characters and refuses more than 2,000 without cutting the text', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<MessageForm label="Balasan" submitLabel="Kirim" busy={false} onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: 'Balasan' });
    expect(screen.getByText('0/2000')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Halo' } });
    expect(screen.getByText('4/2000')).toBeTruthy();

    const long = 'a'.repeat(2001);
    fireEvent.change(box, { target: { value: long } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(2001);
    expect(screen.getByText(`${discussionMessages.contentTooLong} (2001/2000)`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'a'.repeat(2000) } });
    expect(screen.getByText('2000/2000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(onSubmit).toHaveBeenCalledWith('a'.repeat(2000));
  });

  it("drops the stale 'Pesan tidak boleh kosong' once text is typed, even past the limit", () => {
    render(<MessageForm label="Balasan" submitLabel="Kirim" busy={false} onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByText(discussionMessages.contentRequired)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Balasan' }), {
      target: { value: 'a'.repeat(2001) },
    });
    expect(screen.queryByText(discussionMessages.contentRequired)).toBeNull();
    expect(screen.getByText(`${discussionMessages.contentTooLong} (2001/2000)`)).toBeTruthy();
  });
});
