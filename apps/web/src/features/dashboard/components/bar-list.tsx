import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { barPercent, formatNumber } from './dashboard-format';
import { visuallyHidden } from '@/components/visually-hidden';

export interface BarListItem {
  key: string;
  label: string;
  /** A second, quieter line (e.g. a referral code). */
  secondary?: string;
  value: number;
}

export interface BarListProps {
  items: BarListItem[];
  /** Names the list for assistive technology ('Reseller teratas'). */
  label: string;
  /** Unit read after each value ('redeem', 'aktivitas'). */
  unit: string;
  /** Bar colour (a theme palette path or CSS colour). */
  color?: string;
}

/**
 * A ranked list with a horizontal bar per row, longest = largest value. A plain list in the
 * accessibility tree: each row reads as its label, value and unit; the bars are decoration.
 */
export function BarList({ items, label, unit, color = 'primary.main' }: BarListProps) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.75 }}
    >
      {items.map((item) => (
        <Box component="li" key={item.key}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {item.label}
                {item.secondary ? (
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ ml: 1, fontWeight: 400 }}
                  >
                    {item.secondary}
                  </Typography>
                ) : null}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
              {formatNumber(item.value)}
              {/* The unit is read, not shown: the card's heading says what is counted. */}
              <Box component="span" sx={visuallyHidden}>
                {` ${unit}`}
              </Box>
            </Typography>
          </Box>
          <Box aria-hidden sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover' }}>
            <Box
              sx={{
                height: '100%',
                width: `${barPercent(item.value, max)}%`,
                borderRadius: 4,
                bgcolor: color,
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
