import { Box, Typography } from '@mui/material';
import type { ScoreBin } from '@ajar/shared/analytics/question-stats.schemas';
import { formatThousands } from '@ajar/shared/common/format';
import { visuallyHidden } from '@/components/visually-hidden';

const caption = 'Sebaran nilai percobaan';
const rangeOf = (bin: ScoreBin, last: boolean) =>
  last ? `${bin.from} sampai ${bin.to}` : `${bin.from} sampai di bawah ${bin.to}`;

/**
 * The score distribution as CSS bars (hidden from screen readers) and the same figures as a table
 * that only screen readers read.
 */
export function QuestionStatsHistogram({ bins }: { bins: readonly ScoreBin[] }) {
  const most = Math.max(1, ...bins.map((b) => b.count));
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {caption}
      </Typography>
      <Box
        aria-hidden
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${bins.length}, 1fr)`, gap: 0.75 }}
      >
        {bins.map((bin) => (
          <Box
            key={bin.from}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatThousands(bin.count)}
            </Typography>
            <Box sx={{ height: 120, width: '100%', display: 'flex', alignItems: 'flex-end' }}>
              <Box
                data-testid="score-bar"
                sx={{
                  width: '100%',
                  height: `${(bin.count / most) * 100}%`,
                  minHeight: bin.count > 0 ? 2 : 0,
                  bgcolor: 'primary.main',
                  borderRadius: '4px 4px 0 0',
                }}
              />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {bin.from}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rentang nilai</th>
            <th scope="col">Jumlah percobaan</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((bin, i) => (
            <tr key={bin.from}>
              <th scope="row">{rangeOf(bin, i === bins.length - 1)}</th>
              <td>{formatThousands(bin.count)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
