import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import type { ScheduleTime } from '@ajar/shared/activities/activities.rules';

export interface ScheduleTimeRangeProps {
  value: ScheduleTime;
  onChange: (next: ScheduleTime) => void;
  /** Absent when the range cannot be removed (the last one of a day). */
  onRemove?: () => void;
  removeLabel: string;
  startError?: string;
  endError?: string;
  disabled?: boolean;
}

/** One start–end pair (`HH:mm`) of a schedule entry, with its messages beside the fields. */
export function ScheduleTimeRange({
  value,
  onChange,
  onRemove,
  removeLabel,
  startError,
  endError,
  disabled = false,
}: ScheduleTimeRangeProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="time"
        size="small"
        label="Jam mulai"
        value={value.start_time}
        disabled={disabled}
        error={Boolean(startError)}
        helperText={startError}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        sx={{ flex: 1, minWidth: 120 }}
        onChange={(event) => onChange({ ...value, start_time: event.target.value })}
      />
      <Typography color="text.secondary" sx={{ pt: 1 }} aria-hidden>
        –
      </Typography>
      <TextField
        type="time"
        size="small"
        label="Jam selesai"
        value={value.end_time}
        disabled={disabled}
        error={Boolean(endError)}
        helperText={endError}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        sx={{ flex: 1, minWidth: 120 }}
        onChange={(event) => onChange({ ...value, end_time: event.target.value })}
      />
      {onRemove ? (
        <Tooltip title="Hapus jam">
          <IconButton
            aria-label={removeLabel}
            disabled={disabled}
            onClick={onRemove}
            size="small"
            sx={{ mt: 0.5 }}
          >
            <RemoveCircleOutlineRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        // Keeps the fields of every row the same width.
        <span style={{ width: 34, flexShrink: 0 }} />
      )}
    </Stack>
  );
}
