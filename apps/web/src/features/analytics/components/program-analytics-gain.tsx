import { Alert, Box, Stack, Typography } from '@mui/material';
import type { GainList, GainSummary } from '@ajar/shared/analytics/program-analytics.schemas';
import { ListPagination } from '@/components/list-pagination';
import { BarRow } from './program-analytics-bar';
import { FigureTable } from './program-analytics-section';
import { barWidth, formatFigure } from './program-analytics-format';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Mean pre-test and post-test as two bars on a 0..100 scale. */
function MeanBars({ pre, post }: { pre: number; post: number }) {
  const bars = [
    { label: 'Rata-rata Pre Test', value: pre, color: 'grey.500' },
    { label: 'Rata-rata Post Test', value: post, color: 'primary.main' },
  ];
  return (
    <Stack spacing={1} aria-hidden>
      {bars.map((b) => (
        <BarRow
          key={b.label}
          label={b.label}
          percent={barWidth(b.value, 100)}
          figure={formatFigure(b.value)}
          color={b.color}
          height={20}
        />
      ))}
    </Stack>
  );
}

/** 'Peningkatan Belajar': the summary figures, the mean bars and the participants page by page. */
export function ProgramAnalyticsGain({
  summary,
  list,
  onPage,
}: {
  summary: GainSummary;
  list: GainList | undefined;
  onPage: (page: number) => void;
}) {
  if (!summary.pre_activity || !summary.post_activity) {
    return (
      <Alert severity="info">Program ini belum memiliki aktivitas Pre Test dan Post Test.</Alert>
    );
  }
  if (summary.paired === 0) {
    return (
      <Alert severity="info">Belum ada peserta yang mengerjakan Pre Test dan Post Test.</Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Stat label="Peserta dengan kedua nilai" value={formatFigure(summary.paired)} />
        <Stat label="Rata-rata Gain" value={formatFigure(summary.mean_gain)} />
        <Stat label="Median Gain" value={formatFigure(summary.median_gain)} />
        <Stat
          label="Gain Ternormalisasi Kelas"
          value={formatFigure(summary.class_normalized_gain)}
        />
      </Stack>
      {summary.mean_pre !== null && summary.mean_post !== null && (
        <MeanBars pre={summary.mean_pre} post={summary.mean_post} />
      )}
      <FigureTable
        hidden
        caption="Rata-rata nilai Pre Test dan Post Test"
        headers={['Ukuran', 'Nilai']}
        rows={[
          ['Rata-rata Pre Test', formatFigure(summary.mean_pre)],
          ['Rata-rata Post Test', formatFigure(summary.mean_post)],
        ]}
      />
      {summary.ceiling > 0 && (
        <Typography variant="body2" color="text.secondary">
          {formatFigure(summary.ceiling)} peserta mendapat nilai Pre Test 100: gain ternormalisasi
          mereka tidak terdefinisi (ditandai –).
        </Typography>
      )}
      {list && (
        <Box sx={{ overflowX: 'auto' }}>
          <FigureTable
            caption="Nilai Pre Test, Post Test dan gain per peserta"
            headers={['Nama', 'Pre Test', 'Post Test', 'Gain', 'Gain Ternormalisasi']}
            rows={list.list.map((r) => [
              r.fullname,
              formatFigure(r.pre),
              formatFigure(r.post),
              formatFigure(r.gain),
              formatFigure(r.normalized_gain),
            ])}
          />
          <ListPagination
            page={list.page}
            limit={list.limit}
            total={list.total}
            pageSizes={[list.limit]}
            onChange={(change) => onPage(Number(change.page ?? 1))}
          />
        </Box>
      )}
    </Stack>
  );
}
