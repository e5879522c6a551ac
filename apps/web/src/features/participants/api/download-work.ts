import { useQuery } from '@tanstack/react-query';
import { ApiError, buildUrl } from '@/api/http';
import { readSession, writeSession } from '@/api/session';
import { downloadLink } from '@/lib/download-link';
import { participantKeys } from './participant-keys';

/**
 * A participant's uploaded work. The file is answered only with the bearer token (it never sits
 * at a public address), so it is fetched here rather than by an address the browser opens.
 */
async function fetchWork(url: string, signal?: AbortSignal): Promise<Blob> {
  const session = readSession();
  const res = await fetch(buildUrl(url), {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
    signal,
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
  return res.blob();
}

/** Downloads a participant's uploaded work, saved from an object URL. */
export async function downloadWork(url: string, name: string): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchWork(url));
  downloadLink(objectUrl, name);
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** The bytes of a participant's uploaded work, for the in-app PDF viewer (`url` null: idle). */
export function useWorkBytes(url: string | null) {
  return useQuery({
    queryKey: participantKeys.workFile(url ?? ''),
    queryFn: async ({ signal }) =>
      new Uint8Array(await (await fetchWork(url ?? '', signal)).arrayBuffer()),
    enabled: url !== null,
    // A work file never changes under its address; dropped once the viewer closes.
    staleTime: Infinity,
    gcTime: 0,
  });
}
