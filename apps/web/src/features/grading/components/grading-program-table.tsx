import { Link as RouterLink } from 'react-router';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import GradingRoundedIcon from '@mui/icons-material/GradingRounded';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { emptyIconSx, ListTable, type ListTableData, type SortDir } from '@/components/list-table';
import { pathTo } from '@/routes/paths';

export interface GradingProgramTableProps extends ListTableData<Program> {
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

/** Why a program's export button is disabled. */
export const noParticipantsToExport = 'Belum ada peserta untuk diexport';

/** The grading list's table (spec 01 §2): Nama Program, Bidang Studi, Total Peserta, Aksi. */
export function GradingProgramTable({
  participantsSort,
  onToggleParticipantsSort,
  canGrade,
  exportingId,
  onExport,
  ...data
}: GradingProgramTableProps) {
  return (
    <ListTable
      {...data}
      label="Daftar Program"
      minWidth={640}
      rowKey={(program) => program.id}
      empty={{ text: 'Tidak ada program', icon: <FolderOffOutlinedIcon sx={emptyIconSx} /> }}
      columns={[
        {
          header: 'Nama Program',
          width: '48%',
          sx: { fontWeight: 600 },
          cell: (program) => program.title,
        },
        {
          header: 'Bidang Studi',
          wide: true,
          skeleton: '60%',
          cell: (program) => program.learning_targets.studies?.title ?? '-',
        },
        {
          header: 'Total Peserta',
          align: 'right',
          wide: true,
          sort: { dir: participantsSort, onToggle: onToggleParticipantsSort },
          skeleton: 40,
          cell: (program) => numberFormat.format(program.total_participants),
        },
        {
          header: 'Aksi',
          align: 'right',
          width: 200,
          skeleton: 140,
          sx: { whiteSpace: 'nowrap' },
          cell: (program) => (
            <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
              {/* No participant, nothing to export: said here rather than by a failed export. */}
              <Tooltip
                title={
                  program.total_participants === 0
                    ? noParticipantsToExport
                    : 'Export peserta program ini'
                }
              >
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Export peserta ${program.title}`}
                    aria-description={
                      program.total_participants === 0 ? noParticipantsToExport : undefined
                    }
                    disabled={exportingId !== null || program.total_participants === 0}
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
          ),
        },
      ]}
    />
  );
}
