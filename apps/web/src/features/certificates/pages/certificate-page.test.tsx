import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { CertificateParticipantPage } from './certificate-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CertificateParticipantPage', () => {
  it('shows the not-found page for an address that names no redemption', async () => {
    const body = {
      status: 400,
      message: 'error validation',
      validation: { id: 'UUID tidak valid' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    const router = createMemoryRouter(
      [{ path: '/certificate-participant/:id', Component: CertificateParticipantPage }],
      { initialEntries: ['/certificate-participant/not-a-uuid'] },
    );
    render(
      <AppProviders>
        <DataProviders>
          <RouterProvider router={router} />
        </DataProviders>
      </AppProviders>,
    );
    expect(await screen.findByText('Error 404 - Page not found')).toBeTruthy();
    expect(screen.queryByText('error validation')).toBeNull();
  });
});
