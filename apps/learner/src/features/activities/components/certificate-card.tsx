import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { certificateMessages } from '@ajar/shared/certificates/certificates.constants';
import { formatIndonesianDate } from '@ajar/shared/certificates/certificates.rules';
import { errorMessage } from '../../../api/http';
import { readSession } from '../../../api/session';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { certificateQuery } from '../api/activities-api';

/** Fetches the PDF with the member token (the address is not public) and saves it. */
async function downloadPdf(url: string, number: string) {
  const token = readSession()?.token;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error('Sertifikat gagal diunduh, coba lagi');
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `sertifikat-${number.replace(/[^\w-]+/g, '-')}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * 'Sertifikat' of a complete program: download the PDF, share the verification link. A
 * certificate staff revoked is shown as such, with its date and reason, and cannot be
 * downloaded; a corrected one names the number it replaced.
 */
export function CertificateCard({ programId }: { programId: string }) {
  const certificate = useQuery(certificateQuery(programId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  if (certificate.isPending) return <p className="muted">Memuat sertifikat…</p>;
  if (certificate.isError) return <Alert tone="error">{errorMessage(certificate.error)}</Alert>;
  const data = certificate.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.verify_url);
      setMessage({ tone: 'success', text: 'Tautan verifikasi disalin' });
    } catch {
      setMessage({ tone: 'error', text: 'Salin gagal; pilih tautan lalu salin manual' });
    }
  };

  // The phone's share sheet (WhatsApp, LinkedIn…) where the browser has one; 'Salin tautan' always.
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    setMessage(null);
    try {
      await navigator.share({
        title: `Sertifikat ${data.number}`,
        text: `Sertifikat saya (nomor ${data.number}) dapat diverifikasi di tautan ini:`,
        url: data.verify_url,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setMessage({ tone: 'error', text: 'Bagikan gagal; gunakan Salin tautan' });
    }
  };

  if (data.status === 'revoked') {
    return (
      <Card className="stack" aria-labelledby="certificate-heading">
        <h2 id="certificate-heading">Sertifikat</h2>
        <p>
          Nomor sertifikat: <strong>{data.number}</strong>
        </p>
        <Alert tone="error">
          Sertifikat ini dicabut
          {data.revoked ? ` pada ${formatIndonesianDate(data.revoked.at)}` : ''} dan tidak dapat
          diunduh.{data.revoked ? ` Alasan: ${data.revoked.reason}` : ''} Hubungi penyelenggara
          pelatihan bila ada pertanyaan.
        </Alert>
      </Card>
    );
  }
  const downloadUrl = data.download_url;

  return (
    <Card className="stack" aria-labelledby="certificate-heading">
      <h2 id="certificate-heading">Sertifikat</h2>
      <p>
        Selamat, program selesai. Nomor sertifikat: <strong>{data.number}</strong>
      </p>
      {data.valid_until && !data.expired && (
        <p>{certificateMessages.validUntil(formatIndonesianDate(data.valid_until))}</p>
      )}
      {data.valid_until && data.expired && (
        <Alert tone="error">
          {certificateMessages.expiredSince(formatIndonesianDate(data.valid_until))}
        </Alert>
      )}
      {data.replaces && (
        <p className="muted">
          Sertifikat ini hasil koreksi dan menggantikan nomor {data.replaces}.
        </p>
      )}
      {downloadUrl && (
        <Button
          block
          busy={busy}
          onClick={() => {
            setBusy(true);
            setMessage(null);
            downloadPdf(downloadUrl, data.number)
              .catch((error: unknown) => setMessage({ tone: 'error', text: errorMessage(error) }))
              .finally(() => setBusy(false));
          }}
        >
          Unduh Sertifikat (PDF)
        </Button>
      )}
      <label htmlFor="verify-url">Tautan verifikasi untuk dibagikan</label>
      <div className="copy-row">
        <input
          id="verify-url"
          readOnly
          value={data.verify_url}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Salin tautan
        </Button>
      </div>
      {canShare && (
        <Button block variant="secondary" onClick={() => void share()}>
          Bagikan sertifikat
        </Button>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </Card>
  );
}
