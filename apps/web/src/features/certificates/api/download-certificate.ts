import type { CertificateKind } from '@ajar/shared/certificates/certificates.constants';
import { certificateFileName } from '@ajar/shared/certificates/certificates.constants';
import { ApiError, buildUrl } from '@/api/http';
import { readSession, writeSession } from '@/api/session';
import { downloadLink } from '@/lib/download-link';

/**
 * Fetches a file that only staff may read (bearer token, never a public address) and saves it
 * from an object URL under `name`. A refusal carries the server's Indonesian message.
 */
async function downloadWithToken(path: string, name: string): Promise<void> {
  const session = readSession();
  const res = await fetch(buildUrl(path), {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  if (res.status === 401) writeSession(null);
  if (!res.ok) {
    let message = `Unduhan gagal (${res.status})`;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(res.status, message);
  }
  const objectUrl = URL.createObjectURL(await res.blob());
  downloadLink(objectUrl, name);
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** `GET /api/certificate/v1/{kind}/{redeemId}`, saved as sertifikat.pdf. */
export function downloadCertificate(kind: CertificateKind, redeemId: string) {
  return downloadWithToken(
    `/certificate/v1/${kind}/${encodeURIComponent(redeemId)}`,
    certificateFileName,
  );
}
