import { useId, useState, type FormEvent } from 'react';
import { discussionContentMax } from '@ajar/shared/discussions/discussions.constants';
import { errorMessage, fieldErrors } from '../../../api/http';
import { Button } from '../../../components/button';

interface MessageBoxProps {
  label: string;
  initial?: string;
  submitLabel: string;
  /** Sends the text; a refusal's message (the server's limit text) is shown under the box. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * The text box of a post, a reply or an edit: plain text (the server keeps messages as text), a
 * counter against the server's limit, and the server's own message when it refuses.
 */
export function MessageBox({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: MessageBoxProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = text.trim().length;
  const over = length > discussionContentMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text);
      setText('');
    } catch (failure) {
      setError(fieldErrors(failure).content ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="message-box stack" onSubmit={(event) => void submit(event)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input message-box__input"
        rows={3}
        value={text}
        autoFocus={autoFocus}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="row message-box__foot">
        <span id={`${id}-count`} className={over ? 'field__error' : 'muted'}>
          {length}/{discussionContentMax}
        </span>
        <span className="row">
          {onCancel && (
            <Button variant="text" onClick={onCancel}>
              Batal
            </Button>
          )}
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
