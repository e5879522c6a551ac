import { useState } from 'react';
import {
  dateInputPlaceholder,
  dateTextToFormValue,
  isoToDateText,
} from '@ajar/shared/common/date-input';
import { TextField } from './text-field';

interface DateFieldProps {
  label: string;
  /** The form's field name; it carries `yyyy-mm-dd` (or the typed text when it is no date). */
  name: string;
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
}

/**
 * A date typed and shown as dd/mm/yyyy in every browser language (a native date input follows
 * the browser's); the form reads `yyyy-mm-dd` from the hidden input under the field's name.
 */
export function DateField({ name, defaultValue = '', ...props }: DateFieldProps) {
  const [text, setText] = useState(() => isoToDateText(defaultValue));
  return (
    <>
      <TextField
        {...props}
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputMode="numeric"
        placeholder={dateInputPlaceholder}
        maxLength={10}
      />
      <input type="hidden" name={name} value={dateTextToFormValue(text)} />
    </>
  );
}
