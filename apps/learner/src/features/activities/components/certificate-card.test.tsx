import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCertificateData } from '@ajar/shared/members/member-learning.schemas';
import { CertificateCard } from './certificate-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The card with the member API answering `data` for the certificate. */
function renderCard(data: MemberCertificateData) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 200, message: 'success', data }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CertificateCard programId="7a0c1f1e-0000-4000-8000-000000000001" />
    </QueryClientProvider>,
  );
}

const base: MemberCertificateData = {
  number: 'AJR-2026-11-7K3QX9MD',
  verify_url: 'https://ajar.contoh.id/verifikasi/AJR-2026-11-7K3QX9MD',
  download_url: '/api/member/v1/program/x/certificate/pdf',
  issued_at: '2026-11-20T03:00:00.000Z',
  valid_until: null,
  expired: false,
  status: 'valid',
  revoked: null,
  replaces: null,
};

describe('CertificateCard', () => {
  it('offers the download and the link to share of a valid certificate, naming the one it replaced', async () => {
    renderCard({ ...base, replaces: 'AJR-2026-11-LAMA0001' });
    expect(await screen.findByRole('button', { name: 'Unduh Sertifikat (PDF)' })).toBeTruthy();
    expect(screen.getByText(/menggantikan nomor AJR-2026-11-LAMA0001/)).toBeTruthy();
    expect(screen.getByLabelText('Tautan verifikasi untuk dibagikan')).toBeTruthy();
  });

  it('shows a revoked certificate with its date and reason, and nothing to download or share', async () => {
    renderCard({
      ...base,
      status: 'revoked',
      download_url: null,
      revoked: { at: '2026-11-26T03:00:00.000Z', reason: 'Tugas praktik disalin' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sertifikat ini dicabut pada 26 November 2026');
    expect(alert.textContent).toContain('Alasan: Tugas praktik disalin');
    expect(screen.getByText('AJR-2026-11-7K3QX9MD')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unduh Sertifikat (PDF)' })).toBeNull();
    expect(screen.queryByLabelText('Tautan verifikasi untuk dibagikan')).toBeNull();
  });

  it('says until when a certificate is valid, and that it expired once it has', async () => {
    renderCard({ ...base, valid_until: '2027-11-20T16:59:59.999Z' });
    expect(await screen.findByText('Berlaku hingga 20 November 2027')).toBeTruthy();
    cleanup();
    renderCard({ ...base, valid_until: '2027-11-20T16:59:59.999Z', expired: true });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Masa berlaku sertifikat ini berakhir pada 20 November 2027',
    );
    expect(screen.queryByText('Berlaku hingga 20 November 2027')).toBeNull();
  });

  it('says nothing of validity for a certificate without an end', async () => {
    renderCard(base);
    await screen.findByRole('button', { name: 'Unduh Sertifikat (PDF)' });
    expect(screen.queryByText(/Berlaku hingga/)).toBeNull();
  });

  it("shares the verification link with the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    renderCard(base);
    fireEvent.click(await screen.findByRole('button', { name: 'Bagikan sertifikat' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]).toEqual([expect.objectContaining({ url: base.verify_url })]);
    expect(screen.getByRole('button', { name: 'Salin tautan' })).toBeTruthy();
  });

  it("offers only 'Salin tautan' where the browser cannot share", async () => {
    renderCard(base);
    expect(await screen.findByRole('button', { name: 'Salin tautan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bagikan sertifikat' })).toBeNull();
  });
});
