import Chip from '@mui/material/Chip';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { formatClock } from '../lib/shuffle';

/** Remaining time (countdown) or elapsed time; turns red in the last 10 seconds. */
export function TimerChip({
  remaining,
  elapsed,
  label = 'Sisa waktu',
}: {
  remaining: number | null;
  elapsed: number;
  label?: string;
}) {
  const counting = remaining !== null;
  const text = counting ? formatClock(remaining) : formatClock(elapsed);
  const name = counting ? label : 'Waktu berjalan';
  return (
    <Chip
      icon={<TimerOutlined />}
      role="timer"
      aria-label={`${name} ${text}`}
      label={text}
      color={counting && remaining <= 10 ? 'error' : 'default'}
      variant={counting && remaining <= 10 ? 'filled' : 'outlined'}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    />
  );
}
