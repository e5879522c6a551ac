import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import {
  activityMessages,
  discussionOptions,
  isQuizActivityType,
  repeatOptions,
} from '@ajar/shared/activities/activities.constants';
import { FormTextField } from '@/components/form-text-field';
import type { ActivityFormValues } from '../lib/activity-form-model';
import { YesNoField } from './yes-no-field';

export interface ActivitySettingsTabProps {
  control: Control<ActivityFormValues>;
  setValue: UseFormSetValue<ActivityFormValues>;
  type: ActivityFormValues['type'];
  /** A post_test copying a pre_test takes the pre_test's settings. */
  cloning: boolean;
}

const minutes = {
  input: { endAdornment: <InputAdornment position="end">menit</InputAdornment> },
  htmlInput: { inputMode: 'numeric' as const, min: 0 },
};

/**
 * Tab 'Pengaturan' (spec 02 §3). Every type has a duration and a discussion choice; the settings
 * about answers, scores, repeats, timer and packets only mean something for question types, so
 * they show for pre_test, quiz, post_test and exam; the exam timer (minutes) only for exam. Video
 * types choose the watched share that completes them (docs/decisions.md, completion).
 */
export function ActivitySettingsTab({
  control,
  setValue,
  type,
  cloning,
}: ActivitySettingsTabProps) {
  const quiz = type !== '' && isQuizActivityType(type);
  const minimumSet = useWatch({ control, name: 'settings.set_minimum_value.is_set' }) === 1;

  return (
    <Stack spacing={3}>
      <Alert severity="warning">{activityMessages.settingsWarning}</Alert>
      {cloning && (
        <Alert severity="info">
          Post test ini menyalin pengaturan pre test yang dipilih di tab Detail.
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="settings.estimated_duration"
            label="Estimasi Durasi"
            fullWidth
            type="number"
            slotProps={minutes}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="settings.is_show_discussion"
            label="Tampilkan Diskusi"
            select
            fullWidth
          >
            {discussionOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>

      {(type === 'menonton_video' || type === 'embed_youtube') && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="settings.video_completion_percent"
              label="Batas selesai menonton"
              helperText="Bagian video yang harus benar-benar ditonton peserta agar aktivitas selesai (bawaan 90 %). Melompati video tidak dihitung."
              fullWidth
              type="number"
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'numeric' as const, min: 1, max: 100 },
              }}
            />
          </Grid>
        </Grid>
      )}

      {quiz && (
        <>
          <Divider />
          <Typography variant="subtitle1" component="h3">
            Pengaturan Soal
          </Typography>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="settings.opportunity_repeat_test"
                label="Kesempatan mengulang"
                select
                fullWidth
              >
                {repeatOptions.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="settings.number_questions_package"
                label="Jumlah Paket Soal"
                fullWidth
                type="number"
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 0 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField
                control={control}
                name="settings.is_show_answer"
                label="Tampilkan Jawaban"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField control={control} name="settings.is_show_score" label="Tampilkan Score" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField control={control} name="settings.is_skip" label="Skip" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField control={control} name="settings.is_random_question" label="Acak Soal" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField control={control} name="settings.is_show_timer" label="Tampilkan Timer" />
            </Grid>
            {type === 'exam' && (
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <FormTextField
                  control={control}
                  name="settings.timer"
                  label="Timer"
                  fullWidth
                  type="number"
                  slotProps={minutes}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <YesNoField
                control={control}
                name="settings.set_minimum_value.is_set"
                label="Gunakan Nilai Minimal"
                onValueChange={(value) => {
                  if (value === 0) setValue('settings.set_minimum_value.minimum_value', '0');
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="settings.set_minimum_value.minimum_value"
                label="Nilai Minimal"
                fullWidth
                type="number"
                disabled={!minimumSet}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 0, max: 100 } }}
              />
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
