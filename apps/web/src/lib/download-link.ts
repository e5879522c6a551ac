/**
 * Lets the browser download a file from a link: one the server just made (`data.public_url`),
 * answered as an attachment, or an object URL. The page stays where it is.
 *
 * @param name the file name to save under; empty keeps the server's (Content-Disposition) name,
 *   which works for same-origin links.
 */
export function downloadLink(url: string, name = '') {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
