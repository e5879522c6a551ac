import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackForm } from './feedback-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ids = {
  memberRedeemId: crypto.randomUUID(),
  topicId: crypto.randomUUID(),
  activityId: crypto.randomUUID(),
};

function renderForm(onSent = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <FeedbackForm {...ids} initial={null} onSent={onSent} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return {
    score: screen.getByLabelText(/Nilai/) as HTMLInputElement,
    text: screen.getByLabelText('Respon') as HTMLTextAreaElement,
  };
}

function reply(status: number, body: object) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('FeedbackForm', () => {
  it('keeps the score to digits clamped to 0..100 while typing', () => {
    const { score } = renderForm();
    for (const [typed, shown] of [
      ['8a5', '85'],
      ['150', '100'],
      ['-7', '7'],
      ['007', '7'],
      ['', ''],
    ]) {
      fireEvent.change(score, { target: { value: typed } });
      expect(score.value, typed).toBe(shown);
    }
  });

  it('counts the text up to 250 characters', () => {
    const { text } = renderForm();
    fireEvent.change(text, { target: { value: 'Bagus' } });
    expect(screen.getByText('5/250')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'x'.repeat(300) } });
    expect(text.value).toHaveLength(250);
    expect(screen.getByText('250/250')).toBeTruthy();
  });

  it('sends the feedback and reports success', async () => {
    const fetchMock = vi.fn(() =>
      reply(200, { status: 200, message: 'Feedback berhasil dikirim', data: {} }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSent = vi.fn();
    const { score, text } = renderForm(onSent);
    fireEvent.change(score, { target: { value: '90' } });
    fireEvent.change(text, { target: { value: 'Rapi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await screen.findByText('Feedback berhasil dikirim');
    expect(onSent).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/v1/trainer/feedback-mr');
    expect(JSON.parse(init.body as string)).toEqual({
      member_redeem_id: ids.memberRedeemId,
      topic_id: ids.topicId,
      activity_id: ids.activityId,
      score: 90,
      text: 'Rapi',
    });
  });

  it('shows a failure inline for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', () =>
      reply(404, { status: 404, message: 'Data peserta tidak ditemukan' }),
    );
    const { score } = renderForm();
    fireEvent.change(score, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Data peserta tidak ditemukan',
    );
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a score before sending', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByRole('alert').textContent).toBe('Nilai tidak boleh kosong');
  });
});
