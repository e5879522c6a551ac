/** The text of a stored (sanitized) message, for one-line previews. */
export function htmlToText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
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
