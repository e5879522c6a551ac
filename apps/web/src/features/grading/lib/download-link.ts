/**
 * Lets the browser download a file from a link the server just made (`data.public_url`). The
 * server answers it as an attachment, so the page stays where it is.
 */
export function downloadLink(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  // Same-origin link: the server's file name (Content-Disposition) is kept.
  anchor.download = '';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
