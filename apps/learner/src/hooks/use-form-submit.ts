import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '@ajar/shared/common/messages';
import { ApiError, errorMessage, fieldErrors } from '../api/http';
import { focusFirstError, formValues, type FieldErrors } from '../lib/form';

type Validation<D> = { ok: true; data: D } | { ok: false; errors: FieldErrors };

interface Options<D, R> {
  /** Checks the form's values before sending (a shared schema through `check`). */
  validate: (values: Record<string, string>) => Validation<D>;
  /** Sends the checked values. */
  action: (data: D) => Promise<R>;
  onDone?: (result: R, form: HTMLFormElement) => void;
}

/**
 * One submit flow for every form of the app: check the fields, send, and on a refusal show the
 * server's field messages under their fields and its message above the form; focus moves to the
 * first field in error. Presses while sending are ignored.
 */
export function useFormSubmit<D, R>({ validate, action, onDone }: Options<D, R>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => focusFirstError(formRef.current), [errors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = validate(formValues(form));
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await action(checked.data);
      setBusy(false);
      onDone?.(result, form);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      // A refusal of several fields carries the technical 'error validation'; one that repeats
      // a field's message ('Kode voucher tidak ditemukan') is already shown under that field.
      const message = errorMessage(error);
      const generic = error instanceof ApiError && message === messages.errorValidation;
      if (Object.values(fields).includes(message)) setFailure(null);
      else setFailure(generic ? 'Periksa kembali isian yang ditandai.' : message);
      setBusy(false);
    }
  }

  return { formRef, errors, failure, busy, onSubmit, setFailure };
}
