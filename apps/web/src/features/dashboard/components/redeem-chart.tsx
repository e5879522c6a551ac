import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DashboardRedeemDay } from '@ajar/shared/dashboard/dashboard.schemas';
import {
  barPercent,
  busiestDay,
  formatDayLong,
  formatDayShort,
  formatNumber,
  labelledDays,
  niceScale,
} from './dashboard-format';
import { visuallyHidden } from '@/components/visually-hidden';

export const redeemTableCaption = 'Redeem per hari, 30 hari terakhir';

const plotHeight = 180;

/**
 * Redeems per day as bars drawn with plain boxes (no chart library: the dashboard is part of
 * the signed-in shell's budget). The drawing is hidden from assistive technology; a table with
 * every day stands in for it. Pointing at a bar names its day and count above the chart.
 */
export function RedeemChart({ days }: { days: DashboardRedeemDay[] }) {
  const [active, setActive] = useState<number | null>(null);
  const scale = niceScale(Math.max(0, ...days.map((d) => d.total)));
  const labelled = labelledDays(days.length);
  const total = days.reduce((sum, d) => sum + d.total, 0);
  const busiest = busiestDay(days);
  const activeDay = active === null ? null : days[active];

  return (
    <Box>
      <Typography
        variant="body2"
        color="text.secondary"
        aria-hidden
        data-testid="redeem-readout"
        sx={{ minHeight: 24, mb: 1.5, fontVariantNumeric: 'tabular-nums' }}
      >
        {activeDay ? (
          <>
            {formatDayLong(activeDay.date)}: <strong>{formatNumber(activeDay.total)}</strong> redeem
          </>
        ) : (
          <>
            Total <strong>{formatNumber(total)}</strong> redeem
            {busiest ? (
              <>
                {' '}
                · tertinggi {formatNumber(busiest.total)} pada {formatDayShort(busiest.date)}
              </>
            ) : null}
          </>
        )}
      </Typography>

      <Box
        aria-hidden
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
        onMouseLeave={() => setActive(null)}
      >
        {/* y axis labels */}
        <Box sx={{ position: 'relative', height: plotHeight, minWidth: 24 }}>
          {scale.ticks.map((tick) => (
            <Typography
              key={tick}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                right: 0,
                bottom: `${(tick / scale.max) * 100}%`,
                transform: 'translateY(50%)',
                lineHeight: 1,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {formatNumber(tick)}
            </Typography>
          ))}
        </Box>

        {/* plot: gridlines behind one column per day */}
        <Box sx={{ position: 'relative', height: plotHeight }}>
          {scale.ticks.map((tick) => (
            <Box
              key={tick}
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: `${(tick / scale.max) * 100}%`,
                borderTop: '1px',
                borderTopStyle: tick === 0 ? 'solid' : 'dashed',
                borderColor: tick === 0 ? 'text.disabled' : 'divider',
              }}
            />
          ))}
          <Box
            data-testid="redeem-bars"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              gridTemplateColumns: `repeat(${days.length}, 1fr)`,
              columnGap: { xs: '2px', sm: '4px' },
            }}
          >
            {days.map((day, i) => (
              <Box
                key={day.date}
                onMouseEnter={() => setActive(i)}
                sx={{
                  display: 'flex',
                  alignItems: 'flex-end',
                  height: '100%',
                  borderRadius: '3px 3px 0 0',
                  bgcolor: active === i ? 'action.hover' : undefined,
                }}
              >
                <Box
                  data-date={day.date}
                  data-total={day.total}
                  sx={{
                    width: '100%',
                    height: `${barPercent(day.total, scale.max)}%`,
                    borderRadius: '3px 3px 0 0',
                    bgcolor: active === i ? 'primary.dark' : 'primary.main',
                    opacity: active === null || active === i ? 1 : 0.55,
                    transition: 'opacity 120ms',
                  }}
                />
              </Box>
            ))}
          </Box>
        </Box>

        {/* x axis labels */}
        <Box />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${days.length}, 1fr)`,
            columnGap: { xs: '2px', sm: '4px' },
            mt: 0.75,
          }}
        >
          {days.map((day, i) => (
            <Box key={day.date} sx={{ display: 'flex', justifyContent: 'center', minWidth: 0 }}>
              {labelled.has(i) ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ whiteSpace: 'nowrap', lineHeight: 1.2 }}
                >
                  {formatDayShort(day.date)}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      </Box>

      <Box component="table" sx={visuallyHidden}>
        <caption>{redeemTableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">Tanggal</th>
            <th scope="col">Redeem</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDayLong(day.date)}</th>
              <td>{formatNumber(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
