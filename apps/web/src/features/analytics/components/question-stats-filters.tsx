import { MenuItem, Stack, TextField } from '@mui/material';
import type { QuestionStatsQuery } from '@ajar/shared/analytics/question-stats.schemas';
import { DateField } from '@/components/date-field';

export interface QuestionStatsFilterValues {
  first_attempt: '0' | '1';
  from: string;
  to: string;
}

/** The filters as the API reads them: empty dates left out. */
export function toQuery(values: QuestionStatsFilterValues): QuestionStatsQuery {
  return {
    first_attempt: values.first_attempt,
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

/** 'Percobaan' (all or first only) and the submission days 'Dari tanggal' – 'Sampai tanggal'. */
export function QuestionStatsFilters({
  value,
  errors,
  onChange,
}: {
  value: QuestionStatsFilterValues;
  errors: Partial<Record<'from' | 'to', string>>;
  onChange: (next: QuestionStatsFilterValues) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label="Percobaan"
        value={value.first_attempt}
        onChange={(e) => onChange({ ...value, first_attempt: e.target.value === '1' ? '1' : '0' })}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="0">Semua percobaan</MenuItem>
        <MenuItem value="1">Percobaan pertama saja</MenuItem>
      </TextField>
      <DateField
        size="small"
        label="Dari tanggal"
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        error={Boolean(errors.from)}
        helperText={errors.from}
      />
      <DateField
        size="small"
        label="Sampai tanggal"
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        error={Boolean(errors.to)}
        helperText={errors.to}
      />
    </Stack>
  );
}
