import { lazyImages } from '../../../lib/data-saver';

/** Author HTML, sanitised by the server on save (allow-list), shown as it is. */
export function RichText({ html, label }: { html: string; label?: string }) {
  if (!html.trim()) return null;
  return (
    <div
      className="rich-text"
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: lazyImages(html) }}
    />
  );
}
