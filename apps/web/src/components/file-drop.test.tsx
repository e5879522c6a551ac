import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileDrop, matchesAccept } from './file-drop';

afterEach(cleanup);

function Harness({ progress = null }: { progress?: number | null }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDrop
      label="File video"
      accept="video/mp4,.mp4"
      maxBytes={1024}
      typeMessage="Format file tidak didukung"
      sizeMessage="Ukuran file video maksimal 1 KB"
      value={file}
      onChange={setFile}
      progress={progress}
    />
  );
}

const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

describe('FileDrop', () => {
  it('matches MIME types, wildcards and extensions', () => {
    expect(matchesAccept({ name: 'a.MP4', type: '' }, 'video/mp4,.mp4')).toBe(true);
    expect(matchesAccept({ name: 'a.mov', type: 'video/quicktime' }, 'video/mp4,.mp4')).toBe(false);
    expect(matchesAccept({ name: 'a.ogg', type: 'audio/ogg' }, 'audio/*')).toBe(true);
  });

  it('refuses a file of another kind or above the limit, and shows a good one', () => {
    render(<Harness />);
    choose(new File(['x'], 'catatan.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Format file tidak didukung');

    choose(new File([new Uint8Array(2048)], 'besar.mp4', { type: 'video/mp4' }));
    expect(screen.getByRole('alert').textContent).toBe('Ukuran file video maksimal 1 KB');

    choose(new File([new Uint8Array(300)], 'kecil.mp4', { type: 'video/mp4' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('kecil.mp4')).toBeTruthy();
    expect(screen.getByText('0.29 KB')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Batalkan file' }));
    expect(screen.queryByText('kecil.mp4')).toBeNull();
  });

  it('takes a dropped file', () => {
    render(<Harness />);
    const zone = screen.getByRole('group', { name: 'File video' });
    const file = new File([new Uint8Array(10)], 'drop.mp4', { type: 'video/mp4' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(screen.getByText('drop.mp4')).toBeTruthy();
  });

  it('shows the upload as it goes: the share sent, then the server reading the file', () => {
    const file = new File(['x'.repeat(10)], 'nilai.mp4', { type: 'video/mp4' });
    function Uploading({ progress }: { progress: number }) {
      return (
        <FileDrop
          label="File import nilai"
          accept="video/mp4,.mp4"
          typeMessage="Format file tidak didukung"
          value={file}
          onChange={() => {}}
          progress={progress}
        />
      );
    }
    const { rerender } = render(<Uploading progress={0.4} />);
    expect(screen.getByRole('status').textContent).toContain('Mengunggah 40%');
    expect(screen.getByRole('progressbar', { name: 'Mengunggah nilai.mp4' })).toBeTruthy();
    rerender(<Uploading progress={1} />);
    expect(screen.getByRole('status').textContent).toContain('Memproses file…');
    expect(screen.getByRole('progressbar', { name: 'Memproses nilai.mp4' })).toBeTruthy();
  });
});
