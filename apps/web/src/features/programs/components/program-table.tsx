import { Link as RouterLink } from 'react-router';
import {
  Box,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import {
  programMessages,
  programStatusLabels,
  programStatusTransitions,
  type ProgramStatus,
} from '@ajar/shared/programs/programs.constants';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { listTableHeadSx } from '@/components/list-table';

export type SortDir = 'asc' | 'desc';

export interface ProgramTableProps {
  rows: Program[] | undefined;
  loading: boolean;
  /** Rows shown as skeletons while the first page loads. */
  skeletonRows: number;
  /** Direction of the "Total Peserta" sort, or null when sorted by creation date. */
  participantsSort: SortDir | null;
  onToggleParticipantsSort: () => void;
  /** Null hides the actions column (read-only users, such as trainers). */
  actions: {
    onEdit: (program: Program) => void;
    onChangeStatus: (program: Program, to: ProgramStatus) => void;
    onDelete: (program: Program) => void;
  } | null;
}

const statusIcons: Record<ProgramStatus, typeof PublishOutlinedIcon> = {
  draft: EditOutlinedIcon,
  publish: PublishOutlinedIcon,
  archive: ArchiveOutlinedIcon,
};

const numberFormat = new Intl.NumberFormat('id-ID');

export function ProgramTable({
  rows,
  loading,
  skeletonRows,
  participantsSort,
  onToggleParticipantsSort,
  actions,
}: ProgramTableProps) {
  const columns = actions ? 4 : 3;
  return (
    <TableContainer>
      <Table aria-label="Daftar Program" sx={{ minWidth: 640 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell sx={{ width: '50%' }}>Nama Program</TableCell>
            <TableCell>Bidang Studi</TableCell>
            <TableCell
              align="right"
              sortDirection={participantsSort ?? false}
              sx={{ whiteSpace: 'nowrap' }}
            >
              <TableSortLabel
                active={participantsSort !== null}
                direction={participantsSort ?? 'desc'}
                onClick={onToggleParticipantsSort}
              >
                Total Peserta
              </TableSortLabel>
            </TableCell>
            {actions && (
              <TableCell align="right" sx={{ width: 180 }}>
                Aksi
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  <TableCell>
                    <Skeleton width="70%" />
                  </TableCell>
                  <TableCell>
                    <Skeleton width="60%" />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton width={40} sx={{ ml: 'auto' }} />
                  </TableCell>
                  {actions && (
                    <TableCell align="right">
                      <Skeleton width={120} sx={{ ml: 'auto' }} />
                    </TableCell>
                  )}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <FolderOffOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>{programMessages.empty}</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((program) => (
            <TableRow key={program.id} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`/program/${program.id}`}
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                >
                  {program.title}
                </Link>
              </TableCell>
              <TableCell>{program.learning_targets.studies?.title ?? '-'}</TableCell>
              <TableCell align="right">{numberFormat.format(program.total_participants)}</TableCell>
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                    <Tooltip title="Edit">
                      <IconButton
                        size="small"
                        aria-label="Edit"
                        onClick={() => actions.onEdit(program)}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {programStatusTransitions[program.status].map((to) => {
                      const Icon = statusIcons[to];
                      return (
                        <Tooltip key={to} title={programStatusLabels[to]}>
                          <IconButton
                            size="small"
                            color={to === 'publish' ? 'success' : 'warning'}
                            aria-label={programStatusLabels[to]}
                            onClick={() => actions.onChangeStatus(program, to)}
                          >
                            <Icon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      );
                    })}
                    <Tooltip title="Hapus">
                      <IconButton
                        size="small"
                        color="error"
                        aria-label="Hapus"
                        onClick={() => actions.onDelete(program)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
