import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface YesNoFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  helperText?: ReactNode;
  /** Runs after the value changes (e.g. to clear a dependent field). */
  onValueChange?: (value: 0 | 1) => void;
  /** Labels of the two choices; the spec's 'yes/no' reads 'Ya' / 'Tidak'. */
  yesLabel?: string;
  noLabel?: string;
}

/** A yes/no choice bound to a 1/0 form value (spec 02 §3: booleans are sent as 1 and 0). */
export function YesNoField<T extends FieldValues>({
  control,
  name,
  label,
  disabled = false,
  helperText,
  onValueChange,
  yesLabel = 'Ya',
  noLabel = 'Tidak',
}: YesNoFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  return (
    <FormControl disabled={disabled} error={Boolean(fieldState.error)}>
      <FormLabel id={labelId} sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={String(field.value ?? 0)}
        onChange={(event) => {
          const next = event.target.value === '1' ? 1 : 0;
          field.onChange(next);
          onValueChange?.(next);
        }}
        onBlur={field.onBlur}
      >
        <FormControlLabel value="1" control={<Radio size="small" />} label={yesLabel} />
        <FormControlLabel value="0" control={<Radio size="small" />} label={noLabel} />
      </RadioGroup>
      {(fieldState.error?.message ?? helperText) && (
        <FormHelperText sx={{ mx: 0 }}>{fieldState.error?.message ?? helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
