import { useId, useState, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's message from the form or the server; shown under the field and announced. */
  error?: string;
  hint?: string;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, error, hint, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';
  const input = (
    <input
      {...rest}
      id={id}
      type={isPassword && shown ? 'text' : type}
      className="field__input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {isPassword ? (
        <div className="password">
          {input}
          <button
            type="button"
            className="password__toggle"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Sembunyikan' : 'Tampilkan'}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      ) : (
        input
      )}
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
