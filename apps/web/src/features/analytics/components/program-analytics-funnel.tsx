import { Box, Chip, Stack, Typography } from '@mui/material';
import type { FunnelStep } from '@ajar/shared/analytics/program-analytics.schemas';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import { BarRow } from './program-analytics-bar';
import { FigureTable } from './program-analytics-section';
import { barWidth, formatFigure } from './program-analytics-format';

const levels = [
  { key: 'opened', label: 'Membuka', color: 'primary.light' },
  { key: 'started', label: 'Memulai', color: 'primary.main' },
  { key: 'completed', label: 'Menyelesaikan', color: 'primary.dark' },
] as const;

/**
 * 'Corong Aktivitas': per activity in program order, three bars (opened, started, completed) on
 * the scale of the program's participants; the largest drop from the activity before is marked.
 */
export function ProgramAnalyticsFunnel({
  steps,
  participants,
}: {
  steps: FunnelStep[];
  participants: number;
}) {
  if (steps.length === 0) {
    return <Typography color="text.secondary">Program ini belum memiliki aktivitas.</Typography>;
  }
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} aria-hidden sx={{ flexWrap: 'wrap' }}>
        {levels.map((l) => (
          <Stack key={l.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: l.color }} />
            <Typography variant="caption">{l.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Stack spacing={1.25} aria-hidden data-testid="funnel-chart">
        {steps.map((s, i) => (
          <Box
            key={s.activity_id}
            sx={{
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: s.largest_drop ? 'warning.main' : 'transparent',
              bgcolor: s.largest_drop ? 'action.hover' : undefined,
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {i + 1}. {s.activity_name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {s.topic_name} · {activityTypeLabel(s.type)}
              </Typography>
              {s.largest_drop && (
                <Chip
                  size="small"
                  color="warning"
                  label={`Penurunan terbesar: −${formatFigure(s.drop)}`}
                />
              )}
            </Stack>
            {levels.map((l) => (
              <BarRow
                key={l.key}
                percent={barWidth(s[l.key], participants)}
                figure={formatFigure(s[l.key])}
                color={l.color}
                height={8}
                figureWidth={48}
              />
            ))}
          </Box>
        ))}
      </Stack>
      <FigureTable
        hidden
        caption="Corong aktivitas: peserta yang membuka, memulai dan menyelesaikan tiap aktivitas"
        headers={['Aktivitas', 'Membuka', 'Memulai', 'Menyelesaikan', 'Turun dari sebelumnya']}
        rows={steps.map((s) => [
          `${s.activity_name}${s.largest_drop ? ' (penurunan terbesar)' : ''}`,
          formatFigure(s.opened),
          formatFigure(s.started),
          formatFigure(s.completed),
          formatFigure(s.drop),
        ])}
      />
    </Stack>
  );
}
