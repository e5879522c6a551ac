import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { ProgramDetailPage } from './program-detail-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProgramDetailPage', () => {
  it("shows the 404 page for another trainer's program, as its participant list does", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 404, message: 'Data tidak ditemukan' }), {
            status: 404,
          }),
      ),
    );
    const router = createMemoryRouter([{ path: '/program/:id', Component: ProgramDetailPage }], {
      initialEntries: ['/program/7f1c2a4e-0000-4000-8000-000000000001'],
    });
    render(
      <AppProviders>
        <DataProviders>
          <RouterProvider router={router} />
        </DataProviders>
      </AppProviders>,
    );
    expect(await screen.findByText('Error 404 - Page not found')).toBeTruthy();
    expect(screen.queryByText('Data tidak ditemukan')).toBeNull();
  });
});
