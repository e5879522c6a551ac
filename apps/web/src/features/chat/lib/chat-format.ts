import { messagePreview } from '@ajar/shared/chat/message-preview';

/** A stored (sanitized) message as one line: its text, or '[Gambar]' when it is only an image. */
export function messageLine(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
  return messagePreview(text, html);
}

/** Enter sends; Shift, Ctrl, Alt or Meta with Enter (and IME composition) do not (spec 01 §2). */
export function isSendKey(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  nativeEvent: { isComposing?: boolean };
}): boolean {
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.metaKey &&
    !event.nativeEvent.isComposing
  );
}
