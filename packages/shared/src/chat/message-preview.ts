/** How a message that is only an image reads in a one-line preview or notification. */
export const imageExcerpt = '[Gambar]';

/**
 * The one-line reading of a message: its plain `text` (however the caller took it from the
 * stored `html`), or '[Gambar]' when it has no text but an image.
 */
export function messagePreview(text: string, html: string): string {
  return !text && /<img\s/i.test(html) ? imageExcerpt : text;
}
