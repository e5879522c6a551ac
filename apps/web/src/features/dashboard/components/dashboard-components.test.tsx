import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BarList } from './bar-list';
import { RedeemChart, redeemTableCaption } from './redeem-chart';
import { StatCard } from './stat-card';

afterEach(cleanup);

const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2025-11-${String(i + 1).padStart(2, '0')}`,
  total: i === 29 ? 1250 : i === 10 ? 3 : 0,
}));

describe('RedeemChart', () => {
  it('gives screen readers a table of every day', () => {
    render(<RedeemChart days={days} />);
    const table = screen.getByRole('table', { name: redeemTableCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]!.textContent).toBe('Sabtu, 1 November 20250');
    expect(within(rows[30]!).getByRole('rowheader').textContent).toBe('Minggu, 30 November 2025');
    expect(within(rows[30]!).getByRole('cell').textContent).toBe('1.250');
  });

  it('scales the bars to a rounded axis and names the day under the pointer', () => {
    const { container } = render(<RedeemChart days={days} />);
    const bar = (date: string) => container.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
    // 1250 on an axis of 0..1500: five sixths.
    expect(parseFloat(getComputedStyle(bar('2025-11-30')).height)).toBeCloseTo(83.33, 1);
    expect(getComputedStyle(bar('2025-11-11')).height).toBe('2%');
    expect(getComputedStyle(bar('2025-11-12')).height).toBe('0%');
    const readout = screen.getByTestId('redeem-readout');
    expect(readout.textContent).toBe('Total 1.253 redeem · tertinggi 1.250 pada 30 Nov');
    fireEvent.mouseEnter(bar('2025-11-11').parentElement!);
    expect(readout.textContent).toBe('Selasa, 11 November 2025: 3 redeem');
    fireEvent.mouseLeave(screen.getByTestId('redeem-bars').parentElement!.parentElement!);
    expect(readout.textContent).toMatch(/^Total 1\.253 redeem/);
  });
});

describe('StatCard', () => {
  it('is a link named by its label, value and hint (all it shows) when it leads somewhere', () => {
    render(
      <MemoryRouter>
        <StatCard
          label="Program Publish"
          value={1234}
          icon={null}
          color="#2e7d32"
          hint="Lihat daftar"
          to="/program?status=publish"
        />
        <StatCard label="Peserta" value={40} icon={null} color="#0d47a1" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Program Publish 1.234 Lihat daftar' });
    expect(link.getAttribute('href')).toBe('/program?status=publish');
    expect(screen.getByRole('group', { name: 'Peserta 40' })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(1);
  });

  it('shows a skeleton, not a number, while loading', () => {
    render(<StatCard label="Topik" value={undefined} icon={null} color="#5472d3" />);
    expect(screen.getByRole('group', { name: 'Topik' })).toBeTruthy();
    expect(document.querySelector('.MuiSkeleton-root')).not.toBeNull();
  });
});

describe('BarList', () => {
  it('reads as a ranked list with values and units; bars relative to the largest', () => {
    const { container } = render(
      <BarList
        label="Reseller teratas"
        unit="redeem"
        items={[
          { key: 'a', label: 'Sri Mulyani Rahayu', secondary: 'BDGAKSI22', value: 3200 },
          { key: 'b', label: 'Hendro Wijaya', value: 800 },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Reseller teratas' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent)).toEqual([
      'Sri Mulyani RahayuBDGAKSI223.200 redeem',
      'Hendro Wijaya800 redeem',
    ]);
    const bars = container.querySelectorAll<HTMLElement>('[aria-hidden="true"] > div');
    expect([...bars].map((b) => getComputedStyle(b).width)).toEqual(['100%', '25%']);
  });
});
