/**
 * Lets the browser download a file from a link the server just made (`public_url`). The server
 * answers it as an attachment, so the page stays where it is.
 */
export function downloadLink(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.download = '';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
