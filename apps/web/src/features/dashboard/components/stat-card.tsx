import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { formatNumber } from './dashboard-format';

export interface StatCardProps {
  label: string;
  /** Undefined while loading: a skeleton takes its place. */
  value: number | undefined;
  icon: ReactNode;
  /** Accent of the icon tile (a CSS colour). */
  color: string;
  /** A short line under the value; on a link card it reads as the link's destination. */
  hint?: string;
  /** Where the card leads (the whole card is the link). */
  to?: string;
}

/**
 * One figure of the dashboard, named by its label and formatted value ('Peserta 12'); a link card
 * also by its hint, all the text it shows ('Program Publish 12 Lihat daftar').
 */
export function StatCard({ label, value, icon, color, hint, to }: StatCardProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const hintId = `${id}-hint`;
  const body = (
    <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          id={labelId}
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, minWidth: 0, fontWeight: 500, lineHeight: 1.35 }}
        >
          {label}
        </Typography>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            color,
            bgcolor: `color-mix(in srgb, ${color} 12%, transparent)`,
            '& svg': { fontSize: 20 },
          }}
        >
          {icon}
        </Box>
      </Box>
      {/* Spaces between the pieces: the card's text reads 'Program Publish 12 Lihat daftar'. */}{' '}
      <Typography
        id={valueId}
        variant="h4"
        component="p"
        sx={{
          lineHeight: 1.2,
          mt: 0.5,
          fontSize: { xs: '1.6rem', sm: '2rem' },
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value === undefined ? <Skeleton width={64} /> : formatNumber(value)}
      </Typography>{' '}
      {hint ? (
        <Typography
          id={hintId}
          variant="caption"
          component="p"
          color={to ? 'primary' : 'text.secondary'}
          sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {hint}
          {to ? <ArrowForwardRounded aria-hidden sx={{ fontSize: 14 }} /> : null}
        </Typography>
      ) : null}
    </CardContent>
  );
  // A link's name holds all the text it shows, the hint too (axe-core).
  const labelledBy = `${labelId} ${valueId}`;
  const linkLabelledBy = hint ? `${labelledBy} ${hintId}` : labelledBy;
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea
          component={RouterLink}
          to={to}
          aria-labelledby={linkLabelledBy}
          sx={{ height: '100%', display: 'block' }}
        >
          {body}
        </CardActionArea>
      ) : (
        <Box role="group" aria-labelledby={labelledBy} sx={{ height: '100%' }}>
          {body}
        </Box>
      )}
    </Card>
  );
}
