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
function renderAnswered(status: number, body: unknown, number = 'AJR-2026-11-7K3QX9MD') {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/verifikasi/:number', Component: VerifyCertificatePage }],
    {
      initialEntries: [`/verifikasi/${number}`],
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
  it("shows the server's 429 message when the address has checked too often", async () => {
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

  const answer = {
    valid: false,
    number: 'AJR-2026-11-7K3QX9MD',
    kind: 'graduation',
    member: { fullname: 'Budi Santosa' },
    program: { title: 'Akuntansi Dasar', minutes: 150 },
    issued_at: '2026-11-20T03:00:00.000Z',
    valid_until: null,
    expired: false,
    replaced_by: null,
    revoked: null,
  };

  /** The page for `number` with the API answering `data` as the verification. */
  const renderVerified = (data: object, number?: string) =>
    renderAnswered(200, { status: 200, message: 'success', data }, number);

  it('says a corrected certificate was replaced and links to the number in force', async () => {
    renderVerified({
      ...answer,
      status: 'replaced',
      replaced_by: { number: 'AJR-2026-11-BARU0001', at: '2026-11-25T03:00:00.000Z' },
    });
    expect(
      await screen.findByRole('heading', { name: certificateMessages.replacedHeading }),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'AJR-2026-11-BARU0001' });
    expect(link.getAttribute('href')).toBe('/verifikasi/AJR-2026-11-BARU0001');
    expect(screen.getByText('2 jam 30 menit')).toBeTruthy();
    expect(screen.queryByText(certificateMessages.genuine)).toBeNull();
  });

  it("says 'dicabut' with the date and reason of a revoked certificate", async () => {
    renderVerified(
      {
        ...answer,
        status: 'revoked',
        revoked: { at: '2026-11-26T03:00:00.000Z', reason: 'Tugas dipalsukan' },
      },
      'AJR-2026-11-DICABUT1',
    );
    expect(
      await screen.findByRole('heading', { name: certificateMessages.revokedHeading }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Sertifikat ini dicabut pada 26 November 2026\. Alasan: Tugas dipalsukan/),
    ).toBeTruthy();
    expect(screen.queryByText(certificateMessages.genuine)).toBeNull();
  });

  it("says 'Kedaluwarsa' once a certificate's validity has ended, and until when it was valid", async () => {
    renderVerified(
      { ...answer, status: 'valid', valid_until: '2027-11-20T16:59:59.999Z', expired: true },
      'AJR-2026-11-LEWAT001',
    );
    expect(
      await screen.findByRole('heading', { name: certificateMessages.expiredHeading }),
    ).toBeTruthy();
    expect(screen.getByText(certificateMessages.expiredSince('20 November 2027'))).toBeTruthy();
    expect(screen.getByText('20 November 2027 (Kedaluwarsa)')).toBeTruthy();
    expect(screen.queryByText(certificateMessages.genuine)).toBeNull();
  });

  it('says until when a certificate in force is valid', async () => {
    renderVerified(
      { ...answer, valid: true, status: 'valid', valid_until: '2027-11-20T16:59:59.999Z' },
      'AJR-2026-11-BERLAKU1',
    );
    expect(await screen.findByRole('heading', { name: certificateMessages.genuine })).toBeTruthy();
    expect(screen.getByText('Berlaku Hingga')).toBeTruthy();
    expect(screen.getByText('20 November 2027')).toBeTruthy();
  });
});
