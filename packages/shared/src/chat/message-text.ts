/**
 * What a person types in a chat is text: the message HTML the server keeps holds it escaped, line
 * breaks kept, so `<b>tebal</b>` shows as typed and nothing typed is lost to the sanitizer.
 * Both apps' composers send through it; images are messages of their own.
 */
export function textToMessageHtml(text: string): string {
  return text
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '<br>');
}
