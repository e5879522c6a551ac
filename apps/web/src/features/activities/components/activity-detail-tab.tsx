import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import {
  activityMessages,
  activityTypeLabel,
  activityTypes,
} from '@ajar/shared/activities/activities.constants';
import type { PrepostCandidate } from '@ajar/shared/activities/activities.schemas';
import { FormTextField } from '@/components/form-text-field';
import type { ActivityFormValues } from '../lib/activity-form-model';

export interface ActivityDetailTabProps {
  control: Control<ActivityFormValues>;
  editing: boolean;
  type: ActivityFormValues['type'];
  /** The program's pre_test a new post_test may copy (undefined while unknown). */
  candidate: PrepostCandidate | undefined;
}

/** Tab 'Detail': title and type; the type is fixed once the activity exists (spec 02 §2). */
export function ActivityDetailTab({ control, editing, type, candidate }: ActivityDetailTabProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <FormTextField
        control={control}
        name="name"
        label="Judul aktivitas"
        required
        fullWidth
        autoComplete="off"
      />
      <Controller
        control={control}
        name="type"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            required
            label="Jenis aktivitas"
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={editing}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? (editing ? activityMessages.typeFixed : ' ')}
          >
            {activityTypes.map((value) => (
              <MenuItem key={value} value={value}>
                {activityTypeLabel(value)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {!editing && type === 'post_test' && candidate && (
        <Controller
          control={control}
          name="clone_pre_test"
          render={({ field, fieldState }) => (
            <Alert severity="info" variant="outlined" icon={false}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={`Salin dari pre test "${candidate.name}"`}
              />
              <FormHelperText sx={{ mx: 0 }} error={Boolean(fieldState.error)}>
                {fieldState.error?.message ??
                  'Post test dibuat sebagai salinan pre test program ini, termasuk pengaturannya.'}
              </FormHelperText>
            </Alert>
          )}
        />
      )}
    </Stack>
  );
}
