import { buildUrl, type Query } from './http';
import { readSession } from './session';

/**
 * Fetches a file of the member API with the member token (its address is not public) and hands
 * it to the browser as a download named by the server's Content-Disposition, else `fallbackName`.
 */
export async function downloadMemberFile(
  path: string,
  query: Query,
  names: { fallback: string; failed: string },
) {
  const token = readSession()?.token;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error(names.failed);
  }
  if (!res.ok) throw new Error(names.failed);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name ?? names.fallback;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
