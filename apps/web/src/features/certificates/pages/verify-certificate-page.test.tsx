import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { VerifyCertificatePage } from './verify-certificate-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page as the QR code opens it, with the API answering `status` and `body`. */
function renderAnswered(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/verifikasi/:number', Component: VerifyCertificatePage }],
    {
      initialEntries: ['/verifikasi/AJR-2026-11-7K3QX9MD'],
    },
  );
  render(
    <AppProviders>
      <DataProviders>
        <RouterProvider router={router} />
      </DataProviders>
    </AppProviders>,
  );
  return fetchMock;
}

describe('VerifyCertificatePage', () => {
  it("shows the server's 429 message when the address has checked too often (issue 17)", async () => {
    const message = certificateMessages.tooManyVerifications(15);
    const fetchMock = renderAnswered(429, {
      status: 429,
      message,
      validation: { number: message },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(certificateMessages.genuine)).toBeNull();
    // One call: a refusal is not retried by the page.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
