import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  DashboardLearning,
  DashboardLearningProgram,
} from '@ajar/shared/dashboard/dashboard.schemas';
import { pathTo } from '@/routes/paths';
import { formatNumber } from './dashboard-format';

const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** '4,5 hari', or '-' when no participant finished. */
export function formatDays(days: number | null): string {
  return days === null ? '-' : `${decimal.format(days)} hari`;
}

/** '+12,5 poin' (post-test minus pre-test), or '-' when nobody took both. */
export function formatGain(gain: number | null): string {
  if (gain === null) return '-';
  return `${gain > 0 ? '+' : ''}${decimal.format(gain)} poin`;
}

const columns = [
  'Aktif minggu ini',
  'Selesai',
  'Sertifikat',
  'Median waktu selesai',
  'Rata-rata peningkatan',
  'Soal ditandai',
] as const;

function cells(p: DashboardLearningProgram): string[] {
  return [
    formatNumber(p.active_this_week),
    formatNumber(p.completions),
    formatNumber(p.certificates),
    formatDays(p.median_completion_days),
    formatGain(p.average_gain),
    formatNumber(p.flagged_questions),
  ];
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The learning figures over the viewer's programs, then the most active programs' own: each
 * figure of a program leads to its 'Perlu Perhatian' screen.
 */
export function LearningFigures({ learning }: { learning: DashboardLearning }) {
  const t = learning.totals;
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        <Figure
          label="Aktif minggu ini"
          value={formatNumber(t.active_this_week)}
          hint="Peserta, 7 hari terakhir"
        />
        <Figure label="Selesai" value={formatNumber(t.completions)} />
        <Figure label="Sertifikat terbit" value={formatNumber(t.certificates)} />
        <Figure label="Median waktu selesai" value={formatDays(t.median_completion_days)} />
        <Figure
          label="Rata-rata peningkatan"
          value={formatGain(t.average_gain)}
          hint={`Pre-test ke post-test, ${formatNumber(t.gain_participants)} peserta`}
        />
        <Figure label="Program dengan soal ditandai" value={formatNumber(t.flagged_programs)} />
      </Box>
      {learning.programs.length === 0 ? null : (
        <TableContainer>
          <Table size="small" aria-label="Perkembangan belajar per program">
            <TableHead>
              <TableRow>
                <TableCell>Program</TableCell>
                {columns.map((c) => (
                  <TableCell key={c} align="right">
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {learning.programs.map((p) => {
                const to = pathTo('program-attention', { id: p.id });
                return (
                  <TableRow key={p.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Link
                        component={RouterLink}
                        to={to}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                      >
                        {p.title}
                      </Link>
                    </TableCell>
                    {cells(p).map((value, i) => (
                      <TableCell key={columns[i]} align="right">
                        <Link
                          component={RouterLink}
                          to={to}
                          underline="hover"
                          color="inherit"
                          aria-label={`${columns[i]} ${p.title}: ${value}`}
                        >
                          {value}
                        </Link>
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
