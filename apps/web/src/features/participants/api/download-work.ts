import { ApiError, buildUrl } from '@/api/http';
import { readSession, writeSession } from '@/api/session';
import { downloadLink } from '@/lib/download-link';

/**
 * Downloads a participant's uploaded work. The file is answered only with the bearer token (it
 * never sits at a public address), so it is fetched as a blob and saved from an object URL.
 */
export async function downloadWork(url: string, name: string): Promise<void> {
  const session = readSession();
  const res = await fetch(buildUrl(url), {
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
