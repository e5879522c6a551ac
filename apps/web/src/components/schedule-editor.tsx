import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DateField } from './date-field';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  dayNames,
  dayOptions,
  scheduleModeOptions,
  scheduleModes,
  type DayValue,
  type ScheduleMode,
} from '@ajar/shared/activities/activities.constants';
import type { Schedule, ScheduleTime } from '@ajar/shared/activities/activities.rules';
import { ScheduleTimeRange } from './schedule-editor-time-range';

export interface ScheduleEditorProps {
  /** Legend of the fieldset; also its accessible name. */
  label: string;
  value: Schedule;
  onChange: (next: Schedule) => void;
  /** The message of a path inside the schedule (`days.0.times.1.end_time`), if any. */
  errorAt?: (path: string) => string | undefined;
  disabled?: boolean;
  /**
   * One start–end range per day or date (the meeting's finish schedule); otherwise each day or
   * date holds one or more ranges.
   */
  singleRange?: boolean;
}

const emptyTime = (): ScheduleTime => ({ start_time: '', end_time: '' });

/**
 * A schedule by day ('1') or by date ('2'), each day or date with start–end time ranges
 * (spec 02 §3). Both lists are kept while the user switches modes; only the active one is sent
 * (the shared schema drops the other).
 */
export function ScheduleEditor({
  label,
  value,
  onChange,
  errorAt = () => undefined,
  disabled = false,
  singleRange = false,
}: ScheduleEditorProps) {
  const byDay = value.is_day === scheduleModes.byDay;
  const listKey = byDay ? 'days' : 'dates';
  const entries = byDay ? value.days : value.dates;
  const usedDays = new Set(value.days.map((d) => d.day));
  const listError = errorAt(listKey);

  const setTimes = (index: number, times: ScheduleTime[]) => {
    if (byDay) {
      onChange({ ...value, days: value.days.map((d, i) => (i === index ? { ...d, times } : d)) });
    } else {
      onChange({ ...value, dates: value.dates.map((d, i) => (i === index ? { ...d, times } : d)) });
    }
  };

  const addEntry = () => {
    if (byDay) {
      const free = dayOptions.find((o) => !usedDays.has(o.value));
      onChange({
        ...value,
        days: [...value.days, { day: (free?.value ?? '') as DayValue, times: [emptyTime()] }],
      });
    } else {
      onChange({ ...value, dates: [...value.dates, { date: '', times: [emptyTime()] }] });
    }
  };

  const removeEntry = (index: number) => {
    if (byDay) onChange({ ...value, days: value.days.filter((_, i) => i !== index) });
    else onChange({ ...value, dates: value.dates.filter((_, i) => i !== index) });
  };

  return (
    <Box component="fieldset" aria-label={label} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormControl disabled={disabled}>
        <FormLabel component="legend" sx={{ fontSize: 14, mb: 0.5 }}>
          {label}
        </FormLabel>
        <RadioGroup
          row
          aria-label={`${label}: jadwal berdasarkan`}
          value={value.is_day}
          onChange={(event) => onChange({ ...value, is_day: event.target.value as ScheduleMode })}
        >
          {scheduleModeOptions.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio size="small" />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {entries.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {byDay ? 'Belum ada hari.' : 'Belum ada tanggal.'}
          </Typography>
        )}
        {entries.map((entry, index) => {
          const base = `${listKey}.${index}`;
          const keyError = errorAt(`${base}.${byDay ? 'day' : 'date'}`);
          const timesError = errorAt(`${base}.times`);
          const entryName =
            'day' in entry
              ? (dayNames[entry.day] ?? `Hari ${index + 1}`)
              : entry.date || `Tanggal ${index + 1}`;
          return (
            <Paper
              key={`${listKey}-${index}`}
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', gap: 2, flexWrap: { xs: 'wrap', md: 'nowrap' } }}
            >
              <Box sx={{ width: { xs: '100%', md: 200 }, flexShrink: 0 }}>
                {'day' in entry ? (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label="Hari"
                    value={entry.day}
                    disabled={disabled}
                    error={Boolean(keyError)}
                    helperText={keyError}
                    onChange={(event) =>
                      onChange({
                        ...value,
                        days: value.days.map((d, i) =>
                          i === index ? { ...d, day: event.target.value as DayValue } : d,
                        ),
                      })
                    }
                  >
                    {dayOptions.map((option) => (
                      <MenuItem
                        key={option.value}
                        value={option.value}
                        disabled={option.value !== entry.day && usedDays.has(option.value)}
                      >
                        {option.label}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <DateField
                    fullWidth
                    size="small"
                    label="Tanggal"
                    value={entry.date}
                    disabled={disabled}
                    error={Boolean(keyError)}
                    helperText={keyError}
                    onChange={(date) =>
                      onChange({
                        ...value,
                        dates: value.dates.map((d, i) => (i === index ? { ...d, date } : d)),
                      })
                    }
                  />
                )}
              </Box>

              <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
                {entry.times.map((time, timeIndex) => (
                  <ScheduleTimeRange
                    key={timeIndex}
                    value={time}
                    disabled={disabled}
                    startError={errorAt(`${base}.times.${timeIndex}.start_time`)}
                    endError={errorAt(`${base}.times.${timeIndex}.end_time`)}
                    onChange={(next) =>
                      setTimes(
                        index,
                        entry.times.map((t, i) => (i === timeIndex ? next : t)),
                      )
                    }
                    onRemove={
                      singleRange || entry.times.length <= 1
                        ? undefined
                        : () =>
                            setTimes(
                              index,
                              entry.times.filter((_, i) => i !== timeIndex),
                            )
                    }
                    removeLabel={`Hapus jam ${timeIndex + 1} ${entryName}`}
                  />
                ))}
                {timesError && <FormHelperText error>{timesError}</FormHelperText>}
                {!singleRange && (
                  <Box>
                    <Button
                      size="small"
                      startIcon={<AddRounded />}
                      disabled={disabled}
                      onClick={() => setTimes(index, [...entry.times, emptyTime()])}
                    >
                      Tambah jam
                    </Button>
                  </Box>
                )}
              </Stack>

              <Box sx={{ alignSelf: 'flex-start' }}>
                <Tooltip title={byDay ? 'Hapus hari' : 'Hapus tanggal'}>
                  <span>
                    <IconButton
                      aria-label={`${byDay ? 'Hapus hari' : 'Hapus tanggal'} ${entryName}`}
                      disabled={disabled}
                      onClick={() => removeEntry(index)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </Paper>
          );
        })}
        {listError && <FormHelperText error>{listError}</FormHelperText>}
        <Box>
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddRounded />}
            disabled={disabled || (byDay && usedDays.size >= dayOptions.length)}
            onClick={addEntry}
          >
            {byDay ? 'Tambah hari' : 'Tambah tanggal'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
