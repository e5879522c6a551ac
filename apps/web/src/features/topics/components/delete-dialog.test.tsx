import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteActivityDialog } from './delete-activity-dialog';
import { DeleteTopicDialog } from './delete-topic-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reply = (status: number, body: object) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function renderWithProviders(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>{node}</SnackbarProvider>
    </QueryClientProvider>,
  );
}

const activity = { programId: 'p1', topicId: 't1', id: 'a1', name: 'Menata Cahaya' };

describe('the delete dialogs of program detail', () => {
  it('deletes an activity, says so and closes', async () => {
    const fetchMock = vi.fn(() => reply(200, { status: 200, message: 'ok', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const onDeleted = vi.fn();
    renderWithProviders(
      <DeleteActivityDialog activity={activity} onClose={onClose} onDeleted={onDeleted} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Hapus Aktivitas' });
    expect(dialog.textContent).toContain('Menata Cahaya');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await screen.findByText('Aktivitas berhasil dihapus.');
    expect(onDeleted).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v1/activity/p1/t1/a1/delete', 'DELETE']);
  });

  it("shows an activity's failure as 'Error: …' and stays open", async () => {
    vi.stubGlobal('fetch', () => reply(404, { status: 404, message: 'Aktivitas tidak ada' }));
    const onClose = vi.fn();
    renderWithProviders(<DeleteActivityDialog activity={activity} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    await screen.findByText('Error: Aktivitas tidak ada');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Hapus Aktivitas' })).toBeTruthy();
  });

  it("shows a topic's failure as the server says it", async () => {
    vi.stubGlobal('fetch', () => reply(404, { status: 404, message: 'Topik tidak ditemukan' }));
    renderWithProviders(
      <DeleteTopicDialog topic={{ id: 't1', name: 'Dasar' }} onClose={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    await screen.findByText('Topik tidak ditemukan');
    expect(screen.queryByText('Error: Topik tidak ditemukan')).toBeNull();
  });

  it('stays closed without an item', () => {
    renderWithProviders(<DeleteTopicDialog topic={null} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
