import { useEffect, useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  useController,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import {
  dateInputPlaceholder,
  dateTextToFormValue,
  isoToDateText,
} from '@ajar/shared/common/date-input';

export type DateFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** `yyyy-mm-dd`, '' when empty (or text that is no date, kept for the form's rule). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed and shown as dd/mm/yyyy in every browser language (docs/decisions.md, "Date
 * fields in dd/mm/yyyy"); the value stays `yyyy-mm-dd` for forms and the API.
 */
export function DateField({ value, onChange, slotProps, ...props }: DateFieldProps) {
  const [text, setText] = useState(() => isoToDateText(value));
  // A value set from outside (a reset, a loaded record) replaces what is shown.
  useEffect(() => {
    setText((shown) => (dateTextToFormValue(shown) === value ? shown : isoToDateText(value)));
  }, [value]);
  return (
    <TextField
      {...props}
      value={text}
      placeholder={dateInputPlaceholder}
      onChange={(event) => {
        setText(event.target.value);
        onChange(dateTextToFormValue(event.target.value));
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 10,
          ...(slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
}

type FormDateFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = Omit<
  DateFieldProps,
  'name' | 'value' | 'onChange' | 'error'
> & {
  name: N;
  control: UseControllerProps<T, N, TOut>['control'];
};

/** A `DateField` bound to react-hook-form; the field's error message is its helper text. */
export function FormDateField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  name,
  control,
  helperText,
  ...props
}: FormDateFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <DateField
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
