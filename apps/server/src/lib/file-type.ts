import { loadFileType } from './lazy-modules';

/**
 * The format the first bytes of an upload show (`file-type`, loaded on first use), or undefined
 * when they show none: a malformed header is simply not a format we know.
 */
export async function detectFileType(head: Buffer): Promise<{ ext: string } | undefined> {
  try {
    return await (
      await loadFileType()
    )(head);
  } catch {
    return undefined;
  }
}
