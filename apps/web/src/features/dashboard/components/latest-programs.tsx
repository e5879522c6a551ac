import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { programStatusLabels, type ProgramStatus } from '@ajar/shared/programs/programs.constants';
import type { DashboardProgram } from '@ajar/shared/dashboard/dashboard.schemas';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { formatNumber } from './dashboard-format';

const statusColors: Record<ProgramStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  publish: 'success',
  archive: 'warning',
};

/** The programs changed most recently, each leading to its detail screen. */
export function LatestPrograms({ programs }: { programs: DashboardProgram[] }) {
  return (
    <Box
      component="ul"
      aria-label="Program terakhir diperbarui"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {programs.map((program, i) => (
        <Box
          component="li"
          key={program.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 1.5,
            borderTop: i === 0 ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Link
              component={RouterLink}
              to={`/program/${program.id}`}
              underline="hover"
              sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
            >
              {program.title}
            </Link>
            <Typography variant="caption" color="text.secondary">
              Diperbarui {formatDateTime(program.updated_at)} ·{' '}
              {formatNumber(program.total_participants)} peserta
            </Typography>
          </Box>
          <Chip
            size="small"
            label={programStatusLabels[program.status]}
            color={statusColors[program.status]}
            variant={program.status === 'draft' ? 'outlined' : 'filled'}
          />
        </Box>
      ))}
    </Box>
  );
}
