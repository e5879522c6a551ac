import { isMediaExtension, mediaFormats } from '@ajar/shared/media/media.constants';

/**
 * The keys uploads create (`<yyyy>/<mm>/<uuid>.<ext>`): the only files `/media` serves, and the
 * only images a chat message may show.
 */
export const mediaKeyPattern =
  /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.([a-z0-9]{2,5})$/;

/**
 * The files of a video's HLS renditions (video-stream.service.ts): `hls/<media id>/<version>/`
 * then the master playlist, the poster, or a rendition's playlist or segment.
 */
const hlsKeyPattern =
  /^hls\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{12}\/(?:master\.m3u8|poster\.jpg|(?:\d{2,4}p|audio)\/(?:index\.m3u8|seg-\d{5}\.ts))$/;

/** The extension of a key of a video's HLS files (`m3u8`, `ts`, `jpg`), or null for any other key. */
export function hlsFileExtension(key: string): string | null {
  return hlsKeyPattern.test(key) ? key.slice(key.lastIndexOf('.') + 1) : null;
}

/**
 * Whether `src` is an image uploaded through Ajar: `/media/<key>` relative, or under PUBLIC_URL
 * (what `storage.publicUrl` writes), with an image extension. Any other address (another host, a
 * look-alike path, a query string) is not.
 */
export function isOwnMediaImage(src: string, publicUrl: string | undefined): boolean {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  const prefixes = base ? ['/media/', `${base}/media/`] : ['/media/'];
  const prefix = prefixes.find((p) => src.startsWith(p));
  if (prefix === undefined) return false;
  const ext = mediaKeyPattern.exec(src.slice(prefix.length))?.[1];
  return ext !== undefined && isMediaExtension(ext) && mediaFormats[ext].type === 'image';
}
