import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Paged } from '@ajar/shared/common/envelope';
import type { MediaItem, MediaRef } from '@ajar/shared/media/media.schemas';
import { mediaKeys } from './media-api';
import { MediaPicker } from './media-picker';
import {
  historyCounter,
  mergeHistoryPages,
  pickedFileProblem,
  toMediaRef,
} from './media-picker-model';
import { MediaRefField } from './media-ref-field';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has no object URLs; the upload tab previews the chosen file with one.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});

function mediaItem(n: number, type: 'image' | 'audio' = 'image'): MediaItem {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const ext = type === 'image' ? 'png' : 'mp3';
  return {
    id,
    url: `/media/2026/01/${id}.${ext}`,
    public_url: `/media/2026/01/${id}.${ext}`,
    type,
    mime: type === 'image' ? 'image/png' : 'audio/mpeg',
    size: 2048 * n,
    title: `Media ${n}`,
    caption: `Keterangan ${n}`,
    alt: `Alt ${n}`,
    description: null,
    source: 'upload',
    created_at: '2026-01-01T00:00:00.000Z',
    video: null,
  };
}

/** A query cache holding the first history page, as the server would answer it. */
function clientWith(type: 'image' | 'audio', page: Paged<MediaItem>) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(mediaKeys.history(type), { pages: [page], pageParams: [1] });
  return client;
}

function renderWith(client: QueryClient, ui: ReactNode) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const lanjut = () => screen.getByRole('button', { name: 'Lanjut' }) as HTMLButtonElement;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('media picker rules', () => {
  it('words the counter and the refusals as the spec does', () => {
    expect(historyCounter(9, 12)).toBe('Showing 9 from 12');
    expect(pickedFileProblem({ type: 'audio/mpeg', size: 10 }, 'image')).toBe(
      'Please select image file format',
    );
    expect(pickedFileProblem({ type: 'image/png', size: 10 }, 'audio')).toBe(
      'Please select audio file format',
    );
    expect(pickedFileProblem({ type: '', size: 10 }, 'audio')).toBe(
      'Please select audio file format',
    );
    expect(pickedFileProblem({ type: 'image/png', size: 11 * 1024 * 1024 }, 'image')).toBe(
      'Ukuran file gambar maksimal 10 MB',
    );
    expect(pickedFileProblem({ type: 'audio/ogg', size: 10 }, 'audio')).toBeNull();
  });

  it('turns an item into a reference and merges pages without repeats', () => {
    const item = mediaItem(3);
    expect(toMediaRef(item, 'image')).toEqual({ id: item.id, url: item.public_url, type: 'image' });
    const merged = mergeHistoryPages([
      { list: [mediaItem(1), mediaItem(2)] },
      { list: [mediaItem(2), mediaItem(3)] },
    ]);
    expect(merged.map((m) => m.title)).toEqual(['Media 1', 'Media 2', 'Media 3']);
  });
});

describe('MediaPicker', () => {
  it('shows the image history with its counter, highlights a pick and hands it over', () => {
    const items = Array.from({ length: 9 }, (_, i) => mediaItem(i + 1));
    const client = clientWith('image', { list: items, page: 1, limit: 9, total: 12 });
    const onSelect = vi.fn();
    const onClose = vi.fn();
    renderWith(client, <MediaPicker open type="image" onClose={onClose} onSelect={onSelect} />);

    const dialog = screen.getByRole('dialog', { name: 'Sisipkan image/audio' });
    expect(within(dialog).getByRole('tab', { name: 'Riwayat', selected: true })).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(9);
    expect(within(dialog).getByText('Showing 9 from 12')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'More' })).toBeTruthy();
    expect(lanjut().disabled).toBe(true);

    const fourth = within(dialog).getByRole('button', { name: 'Media 4' });
    fireEvent.click(fourth);
    expect(fourth.getAttribute('aria-pressed')).toBe('true');
    // The side panel shows the library item's information, read-only.
    const title = within(dialog).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Media 4');
    expect(title.readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Caption') as HTMLTextAreaElement).value).toBe(
      'Keterangan 4',
    );

    expect(lanjut().disabled).toBe(false);
    fireEvent.click(lanjut());
    expect(onSelect).toHaveBeenCalledWith(items[3]);
    expect(onClose).toHaveBeenCalled();
  });

  it('has no More when everything is shown, and an empty state', () => {
    const client = clientWith('image', { list: [mediaItem(1)], page: 1, limit: 9, total: 1 });
    renderWith(client, <MediaPicker open type="image" onClose={() => {}} onSelect={() => {}} />);
    expect(screen.getByText('Showing 1 from 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    cleanup();

    const empty = clientWith('audio', { list: [], page: 1, limit: 5, total: 0 });
    renderWith(empty, <MediaPicker open type="audio" onClose={() => {}} onSelect={() => {}} />);
    expect(screen.getByText('Belum ada media')).toBeTruthy();
  });

  it('lists audio with a player per item', () => {
    const items = Array.from({ length: 5 }, (_, i) => mediaItem(i + 1, 'audio'));
    const client = clientWith('audio', { list: items, page: 1, limit: 5, total: 7 });
    renderWith(client, <MediaPicker open type="audio" onClose={() => {}} onSelect={() => {}} />);
    const list = screen.getByRole('list', { name: 'Riwayat audio' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(list.querySelectorAll('audio[controls]')).toHaveLength(5);
    expect(screen.getByText('Showing 5 from 7')).toBeTruthy();
  });

  it('refuses a file of the wrong kind and keeps Lanjut disabled', () => {
    const client = clientWith('image', { list: [], page: 1, limit: 9, total: 0 });
    renderWith(client, <MediaPicker open type="image" onClose={() => {}} onSelect={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Dari komputer' }));
    expect(screen.getByRole('group', { name: 'Area unggah gambar' })).toBeTruthy();
    expect(screen.getByLabelText('File gambar')).toBe(fileInput());
    expect(fileInput().accept).toBe('image/*');
    // Editable side panel fields for the upload.
    expect((screen.getByLabelText('Title') as HTMLInputElement).readOnly).toBe(false);

    choose(new File(['x'], 'lagu.mp3', { type: 'audio/mpeg' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please select image file format');
    expect(lanjut().disabled).toBe(true);

    choose(new File([new Uint8Array(64)], 'foto.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('foto.png')).toBeTruthy();
    expect(lanjut().disabled).toBe(false);

    // A wrong file after a good one drops the good one: Lanjut is disabled again.
    choose(new File(['x'], 'catatan.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select image file format');
    expect(screen.queryByText('foto.png')).toBeNull();
    expect(lanjut().disabled).toBe(true);
  });
});

describe('MediaRefField', () => {
  function Harness({
    initial,
    onChange,
  }: {
    initial: MediaRef | null;
    onChange(v: unknown): void;
  }) {
    const [value, setValue] = useState<MediaRef | null>(initial);
    return (
      <MediaRefField
        type="image"
        label="Gambar opsi"
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
      />
    );
  }

  it('shows the chosen image, replaces it through the picker and removes it', async () => {
    const item = mediaItem(2);
    const client = clientWith('image', { list: [mediaItem(1), item], page: 1, limit: 9, total: 2 });
    const onChange = vi.fn();
    renderWith(client, <Harness initial={null} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Gambar opsi' });
    expect(within(group).queryByRole('img')).toBeNull();

    fireEvent.click(within(group).getByRole('button', { name: 'Sisipkan image/audio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Media 2' }));
    fireEvent.click(lanjut());
    expect(onChange).toHaveBeenLastCalledWith({ id: item.id, url: item.public_url, type: 'image' });
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(within(group).getByRole('img', { name: 'Gambar opsi' }).getAttribute('src')).toBe(
      item.public_url,
    );
    expect(within(group).getByRole('button', { name: 'Ganti' })).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Hapus Gambar opsi' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(within(group).queryByRole('img')).toBeNull();
  });

  it('plays a chosen audio and can be disabled', () => {
    const ref: MediaRef = { id: mediaItem(1).id, url: '/media/2026/01/a.mp3', type: 'audio' };
    const client = clientWith('audio', { list: [], page: 1, limit: 5, total: 0 });
    renderWith(client, <MediaRefField type="audio" value={ref} onChange={() => {}} disabled />);
    const group = screen.getByRole('group', { name: 'Audio' });
    expect(group.querySelector('audio')?.getAttribute('src')).toBe(ref.url);
    expect(
      (within(group).getByRole('button', { name: 'Ganti' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
