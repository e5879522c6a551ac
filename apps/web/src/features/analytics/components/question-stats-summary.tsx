import { Box, Card, Typography } from '@mui/material';
import type { QuestionStats } from '@ajar/shared/analytics/question-stats.schemas';
import { formatScore, formatThousands } from '@ajar/shared/common/format';
import { formatSeconds, formatShare } from './question-stats-format';

/** The activity's figures: attempts, participants, mean score, pass rate, median time. */
export function QuestionStatsSummary({ summary }: { summary: QuestionStats['summary'] }) {
  const figures: [string, string][] = [
    ['Percobaan', formatThousands(summary.attempts)],
    ['Peserta', formatThousands(summary.participants)],
    ['Rata-rata nilai', summary.mean_score === null ? '–' : formatScore(summary.mean_score)],
    [
      summary.minimum_score === null
        ? 'Tingkat kelulusan'
        : `Tingkat kelulusan (nilai minimal ${formatScore(summary.minimum_score)})`,
      summary.minimum_score === null
        ? 'Nilai minimal belum diatur'
        : formatShare(summary.pass_rate),
    ],
    ['Median waktu pengerjaan', formatSeconds(summary.median_seconds)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {figures.map(([label, value]) => (
        <Card key={label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}
