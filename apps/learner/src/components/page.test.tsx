import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Page } from './page';

afterEach(cleanup);

const longName =
  'Praktik menyusun rencana pelaksanaan pembelajaran berdiferensiasi untuk kelas rangkap di sekolah dasar';

function renderPage(heading: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Page title={longName} back="/" heading={heading}>
          <p>Isi</p>
        </Page>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Page', () => {
  it('writes a long name in full as the page heading and only repeats it in the bar', () => {
    renderPage(true);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]!.closest('main')).not.toBeNull();
    expect(headings[0]!.textContent).toBe(longName);
    const bar = document.querySelector('.app-bar__title');
    expect(bar?.tagName).toBe('P');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the bar title as the heading otherwise', () => {
    renderPage(false);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.closest('header')).not.toBeNull();
  });
});
