import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { repeatOptions } from '@ajar/shared/activities/activities.constants';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';

export type QuizSettings = Activity['settings'];

const yesNo = (flag: number) => (flag === 1 ? 'Ya' : 'Tidak');
const repeatLabel = (value: number) =>
  repeatOptions.find((o) => o.value === value)?.label ?? `${value}x`;

/** The settings a quiz runs with, as a list of label and value. */
export function QuizSettingsSummary({ settings: s }: { settings: QuizSettings }) {
  const minimum = activityMinimum(s.set_minimum_value);
  const items = [
    ['Timer', s.timer > 0 ? `${s.timer} menit` : 'Tanpa batas waktu'],
    ['Tampilkan Timer', yesNo(s.is_show_timer)],
    ['Skip', yesNo(s.is_skip)],
    ['Acak Soal', yesNo(s.is_random_question)],
    ['Tampilkan Jawaban', yesNo(s.is_show_answer)],
    ['Tampilkan Score', yesNo(s.is_show_score)],
    ['Kesempatan mengulang', repeatLabel(s.opportunity_repeat_test)],
    ['Nilai Minimal', minimum === null ? 'Tidak ada' : String(minimum)],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label="Pengaturan kuis"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
