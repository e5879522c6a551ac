import { useCallback, useState, type ClipboardEvent } from 'react';

/** What a field says when a paste was cut at its `maxLength`. */
export const pasteCutMessage = (max: number) =>
  `Teks yang ditempel dipotong: maksimal ${max} karakter`;

/**
 * A field with `maxLength` silently drops what a paste brings beyond it. This tells: `onPaste`
 * works out whether the paste goes past the limit and `notice` then holds the message for the
 * field's helper text while the text stays at the limit (`onEdit` with each new value).
 */
export function usePasteCutNotice(max: number | undefined) {
  const [notice, setNotice] = useState<string | null>(null);
  const onPaste = useCallback(
    // On a MUI TextField the handler sits on the field's root: the input is the event's target.
    (event: ClipboardEvent<HTMLElement>) => {
      const input = event.target;
      if (max === undefined) return;
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
      const pasted = event.clipboardData.getData('text').length;
      const selected = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
      const after = input.value.length - selected + pasted;
      setNotice(after > max ? pasteCutMessage(max) : null);
    },
    [max],
  );
  const onEdit = useCallback(
    (value: string) => {
      if (max === undefined || value.length < max) setNotice(null);
    },
    [max],
  );
  return { notice, onPaste, onEdit };
}
