import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WatchProgress } from './watch-progress';

describe('WatchProgress', () => {
  it('says how much is left to watch, then which pop-ups, then that it is done', () => {
    const { rerender } = render(
      <WatchProgress watched={64} required={90} popupsLeft={1} complete={false} />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'Ditonton 64 % · tonton sampai 90 % untuk menyelesaikan',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('64');
    rerender(<WatchProgress watched={92} required={90} popupsLeft={1} complete={false} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Ditonton 92 % · jawab 1 kuis pop-up lagi untuk menyelesaikan',
    );
    rerender(<WatchProgress watched={100} required={90} popupsLeft={0} complete />);
    expect(screen.getByRole('status').textContent).toContain('Ditonton 100 % · selesai');
  });
});
