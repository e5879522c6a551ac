import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
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
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import GradingRoundedIcon from '@mui/icons-material/GradingRounded';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { listTableHeadSx } from '../../../components/list-table';
import { pathTo } from '../../../routes/paths';

export type SortDir = 'asc' | 'desc';

export interface GradingProgramTableProps {
  rows: Program[] | undefined;
  loading: boolean;
  skeletonRows: number;
  /** Direction of the 'Total Peserta' sort, or null when sorted by creation date. */
  participantsSort: SortDir | null;
  onToggleParticipantsSort: () => void;
  /** Shows 'Beri Nilai' (spec 01 §2: the grading right). */
  canGrade: boolean;
  /** The program whose one-program export is running (its button spins). */
  exportingId: string | null;
  onExport: (program: Program) => void;
}

const numberFormat = new Intl.NumberFormat('id-ID');

/** The grading list's table (spec 01 §2): Nama Program, Bidang Studi, Total Peserta, Aksi. */
export function GradingProgramTable({
  rows,
  loading,
  skeletonRows,
  participantsSort,
  onToggleParticipantsSort,
  canGrade,
  exportingId,
  onExport,
}: GradingProgramTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Program" sx={{ minWidth: 640 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell sx={{ width: '48%' }}>Nama Program</TableCell>
            <TableCell>Bidang Studi</TableCell>
            <TableCell align="right" sortDirection={participantsSort ?? false}>
              <TableSortLabel
                active={participantsSort !== null}
                direction={participantsSort ?? 'desc'}
                onClick={onToggleParticipantsSort}
              >
                Total Peserta
              </TableSortLabel>
            </TableCell>
            <TableCell align="right" sx={{ width: 200 }}>
              Aksi
            </TableCell>
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
                  <TableCell align="right">
                    <Skeleton width={140} sx={{ ml: 'auto' }} />
                  </TableCell>
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <FolderOffOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>Tidak ada program</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((program) => (
            <TableRow key={program.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{program.title}</TableCell>
              <TableCell>{program.learning_targets.studies?.title ?? '-'}</TableCell>
              <TableCell align="right">{numberFormat.format(program.total_participants)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  <Tooltip title="Export peserta program ini">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Export peserta ${program.title}`}
                        disabled={exportingId !== null}
                        onClick={() => onExport(program)}
                      >
                        {exportingId === program.id ? (
                          <CircularProgress size={18} />
                        ) : (
                          <FileDownloadOutlinedIcon fontSize="small" />
                        )}
                      </IconButton>
                    </span>
                  </Tooltip>
                  {canGrade && (
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<GradingRoundedIcon />}
                      component={RouterLink}
                      to={pathTo('program-users', { id: program.id })}
                    >
                      Beri Nilai
                    </Button>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
