import { Box, Stack, Typography } from '@mui/material';
import type {
  AttendanceStat,
  PracticeStat,
} from '@ajar/shared/analytics/program-analytics.schemas';
import { BarRow } from './program-analytics-bar';
import { FigureTable } from './program-analytics-section';
import { barWidth, formatFigure, formatShare } from './program-analytics-format';

/** Attendance per meeting occurrence: checked in out of the participants, as bars. */
export function ProgramAnalyticsAttendance({
  rows,
  participants,
}: {
  rows: AttendanceStat[];
  participants: number;
}) {
  if (rows.length === 0) {
    return <Typography color="text.secondary">Program ini belum memiliki pertemuan.</Typography>;
  }
  const label = (r: AttendanceStat) =>
    `${r.activity_name} · ${r.schedule_key ?? 'belum ada presensi'}`;
  const share = (r: AttendanceStat) => (participants > 0 ? r.checked_in / participants : null);
  return (
    <Stack spacing={1}>
      <Stack spacing={1} aria-hidden>
        {rows.map((r) => (
          <BarRow
            key={`${r.activity_id}-${r.schedule_key}`}
            label={label(r)}
            percent={barWidth(r.checked_in, participants)}
            figure={`${formatFigure(r.checked_in)} / ${formatFigure(participants)}`}
            figureWidth={120}
          />
        ))}
      </Stack>
      <FigureTable
        hidden
        caption="Presensi per pertemuan"
        headers={['Pertemuan', 'Hadir', 'Peserta', 'Persentase hadir']}
        rows={rows.map((r) => [
          label(r),
          formatFigure(r.checked_in),
          formatFigure(participants),
          formatShare(share(r)),
        ])}
      />
    </Stack>
  );
}

/** Practice work: submitted, graded and the median hours to feedback, per task. */
export function ProgramAnalyticsPractice({ rows }: { rows: PracticeStat[] }) {
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary">Program ini belum memiliki tugas praktik.</Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <FigureTable
        caption="Tugas praktik: dikumpulkan, dinilai dan median waktu umpan balik"
        headers={['Tugas', 'Dikumpulkan', 'Dinilai', 'Median waktu umpan balik (jam)']}
        rows={rows.map((r) => [
          r.activity_name,
          formatFigure(r.submitted),
          formatFigure(r.graded),
          formatFigure(r.median_feedback_hours),
        ])}
      />
    </Box>
  );
}
