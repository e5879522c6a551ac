import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/**
 * One bar of a chart: an optional label, the bar filled to `percent`, its figure at the end. The
 * charts are hidden from screen readers; their tables say the same.
 */
export function BarRow({
  label,
  percent,
  figure,
  color = 'primary.main',
  height = 12,
  figureWidth = 64,
}: {
  label?: ReactNode;
  percent: number;
  figure: string;
  color?: string;
  height?: number;
  figureWidth?: number;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `${label === undefined ? '' : 'minmax(0, 2fr) '}3fr ${figureWidth}px`,
        gap: 1,
        alignItems: 'center',
      }}
    >
      {label !== undefined && (
        <Typography variant="body2" noWrap>
          {label}
        </Typography>
      )}
      <Box sx={{ height, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Box sx={{ height: '100%', width: `${percent}%`, bgcolor: color, borderRadius: 1 }} />
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {figure}
      </Typography>
    </Box>
  );
}
