import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import {
  useController,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { usePasteCutNotice } from '../hooks/use-paste-cut-notice';

type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'
> & {
  name: N;
  control: UseControllerProps<T, N, TOut>['control'];
};

/** A MUI text field bound to react-hook-form; the field's error message is its helper text. */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  name,
  control,
  helperText,
  ...props
}: FormTextFieldProps<T, N, TOut>) {
  const { field, fieldState } = useController({ name, control });
  const { ref, value, onChange, ...rest } = field;
  const htmlInput = props.slotProps?.htmlInput;
  const max =
    htmlInput && typeof htmlInput === 'object' && 'maxLength' in htmlInput
      ? Number(htmlInput.maxLength)
      : undefined;
  const cut = usePasteCutNotice(max);
  return (
    <TextField
      {...props}
      {...rest}
      onChange={(event) => {
        cut.onEdit(event.target.value);
        onChange(event);
      }}
      onPaste={cut.onPaste}
      value={value ?? ''}
      inputRef={ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? cut.notice ?? helperText}
    />
  );
}

/** A password field with a show/hide toggle. */
export function FormPasswordField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormTextFieldProps<T, N, TOut>,
) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {/* The label avoids the word "password" so the field keeps its label to itself. */}
              <IconButton
                aria-label={visible ? 'Sembunyikan kata sandi' : 'Lihat kata sandi'}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOffRounded /> : <VisibilityRounded />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
