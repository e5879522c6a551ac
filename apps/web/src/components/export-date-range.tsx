import { Stack } from '@mui/material';
import { exportFieldLabels } from '@ajar/shared/exports/exports.constants';
import { DateField } from './date-field';

export interface ExportDates {
  startDate: string;
  endDate: string;
}

/** The fields' messages, under the names the export's query uses. */
export type ExportDateErrors = Partial<Record<'start_date' | 'end_date', string>>;

/** The first message of each date field among a query schema's issues. */
export function exportDateErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ExportDateErrors {
  const errors: ExportDateErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if ((key === 'start_date' || key === 'end_date') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

const fields = [
  ['startDate', 'start_date', exportFieldLabels.startDate],
  ['endDate', 'end_date', exportFieldLabels.endDate],
] as const;

/**
 * The date range of an export (spec 01 §5, §7): from 1950-01-01 to today, the start never after
 * the end. Today is the provider's calendar day (WIB), as the server reads the dates, not the
 * browser's.
 */
export function ExportDateRange({
  value,
  errors,
  onChange,
}: {
  value: ExportDates;
  errors: ExportDateErrors;
  onChange: (key: keyof ExportDates, value: string) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {fields.map(([key, field, label]) => (
        <DateField
          key={key}
          label={label}
          fullWidth
          value={value[key]}
          onChange={(date) => onChange(key, date)}
          error={Boolean(errors[field])}
          helperText={errors[field]}
        />
      ))}
    </Stack>
  );
}
