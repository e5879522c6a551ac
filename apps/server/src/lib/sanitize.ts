import type sanitizeHtml from 'sanitize-html';
import { loadSanitizeHtml } from './lazy-modules';

/**
 * The rich text allow-list: what the editor produces and nothing that runs. No DOM is
 * needed (DESIGN §10: DOMPurify's jsdom window grows in a long-running server).
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'img',
  ],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The contents of these are code or markup, never text a reader should see.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
};

/**
 * Cleans editor HTML before it is stored. `imageSrc`, when given, decides which images stay: an
 * `<img>` whose `src` it refuses is dropped (a chat keeps only images uploaded through Ajar).
 */
export async function sanitizeRichText(
  html: string,
  options: { imageSrc?: (src: string) => boolean } = {},
): Promise<string> {
  const { imageSrc } = options;
  const filtered: sanitizeHtml.IOptions = imageSrc
    ? {
        ...richTextOptions,
        exclusiveFilter: (frame) => frame.tag === 'img' && !imageSrc(frame.attribs.src ?? ''),
      }
    : richTextOptions;
  return (await loadSanitizeHtml())(html, filtered).trim();
}
