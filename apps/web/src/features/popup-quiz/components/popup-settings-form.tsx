import { useId } from 'react';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  TextField,
} from '@mui/material';
import { repeatOptions } from '@ajar/shared/activities/activities.constants';
import type { SettingForm } from '../lib/popup-quiz-model';

export interface PopupSettingsFormProps {
  value: SettingForm;
  onChange(next: SettingForm): void;
  disabled?: boolean;
}

type FlagKey = 'show_explanation' | 'show_answer_explanation' | 'skip' | 'show_score' | 'is_random';

function YesNo({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: 0 | 1 | null;
  onChange(v: 0 | 1): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '1' ? 1 : 0)}
      >
        <FormControlLabel value="1" control={<Radio />} label="Ya" />
        <FormControlLabel value="0" control={<Radio />} label="Tidak" />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * The pop-up quiz settings of spec 02 §3 with the labels of spec 02 §5. Every choice starts unset,
 * so 'Pengaturan X belum diatur' names what is still missing.
 */
export function PopupSettingsForm({ value, onChange, disabled }: PopupSettingsFormProps) {
  const set = (patch: Partial<SettingForm>) => onChange({ ...value, ...patch });
  const flag = (key: FlagKey, label: string) => (
    <Grid size={{ xs: 12, md: 6 }}>
      <YesNo
        label={label}
        value={value[key]}
        onChange={(v) => set({ [key]: v })}
        disabled={disabled}
      />
    </Grid>
  );
  const retakeId = useId();
  return (
    <Grid container spacing={2.5}>
      {flag('show_explanation', 'Tampilkan Pembahasan')}
      {flag('show_answer_explanation', 'Tampilkan Pembahasan dan Koreksi')}
      {flag('skip', 'Skip')}
      {flag('show_score', 'Tampilkan Score')}
      <Grid size={{ xs: 12, md: 6 }}>
        <FormControl fullWidth disabled={disabled} sx={{ maxWidth: 320 }}>
          <InputLabel id={retakeId}>Kesempatan mengulang</InputLabel>
          <Select
            labelId={retakeId}
            label="Kesempatan mengulang"
            value={value.retake === null ? '' : String(value.retake)}
            onChange={(e) => set({ retake: Number(e.target.value) })}
          >
            {repeatOptions.map((o) => (
              <MenuItem key={o.value} value={String(o.value)}>
                {o.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Grid>
      {flag('is_random', 'Acak Soal')}
      <Grid size={{ xs: 12, md: 6 }}>
        <YesNo
          label="Gunakan Timer"
          value={value.time_enable}
          onChange={(v) => set({ time_enable: v, time_duration: v ? value.time_duration : '' })}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {value.time_enable === 1 && (
          <TextField
            label="Estimasi Durasi (menit)"
            value={value.time_duration}
            onChange={(e) => set({ time_duration: e.target.value.replace(/[^\d]/g, '') })}
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 320 }}
            fullWidth
          />
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          label="Nilai Minimal"
          value={value.minimum_score}
          onChange={(e) => set({ minimum_score: e.target.value.replace(/[^\d]/g, '').slice(0, 3) })}
          disabled={disabled}
          helperText="0–100"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 320 }}
          fullWidth
        />
      </Grid>
    </Grid>
  );
}
