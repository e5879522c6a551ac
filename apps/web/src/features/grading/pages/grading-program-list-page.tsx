import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import SearchIcon from '@mui/icons-material/Search';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import {
  exportKindLabels,
  exportMessages,
  type ExportKind,
} from '@ajar/shared/exports/exports.constants';
import type { Program, ProgramListQueryParsed } from '@ajar/shared/programs/programs.schemas';
import { errorMessage } from '../../../api/http';
import { useCan } from '../../../hooks/use-session';
import { useExportProgramParticipants } from '../api/export-participants';
import { useGradingPrograms } from '../api/get-grading-programs';
import { ExportDialog } from '../components/export-dialog';
import { GradingProgramTable, type SortDir } from '../components/grading-program-table';
import { downloadLink } from '../lib/download-link';
import { exportErrorMessage } from '../lib/export-error';

/** Spec 01 §9: the program list shows 10 rows a page. */
const pageSize = 10;

const exportIcons: Record<ExportKind, typeof TableViewOutlinedIcon> = {
  member_redeem: TableViewOutlinedIcon,
  member_redeem_epm: FactCheckOutlinedIcon,
};

function readSortDir(value: string | null): SortDir | null {
  return value === 'asc' || value === 'desc' ? value : null;
}

/**
 * '/kelola-nilai' — the grading variant of 'Daftar Program' (spec 01 §2): search 'Cari program'
 * on Enter, 'Beri Nilai' to a program's participants, a one-program export per row, and the
 * export menu 'Export Program' / 'Export TPM & UK'. Server paging; the list state lives in the
 * URL so reload and back return to the same view.
 */
export function GradingProgramListPage() {
  const { enqueueSnackbar } = useSnackbar();
  const canGrade = useCan('grade.manage');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const participantsSort = readSortDir(params.get('sort_type'));
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);

  const query: ProgramListQueryParsed = {
    page,
    limit: pageSize,
    q: q || undefined,
    sort: participantsSort ? 'total_participants' : 'created_at',
    sort_type: participantsSort ?? 'desc',
  };
  const programs = useGradingPrograms(query);
  const total = programs.data?.total ?? 0;

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialogKind, setDialogKind] = useState<ExportKind | null>(null);
  const programExport = useExportProgramParticipants();
  const exportProgram = async (program: Program) => {
    try {
      const data = await programExport.mutateAsync(program.id);
      enqueueSnackbar(exportMessages.exported, { variant: 'success' });
      downloadLink(data.public_url);
    } catch (error) {
      enqueueSnackbar(exportErrorMessage(error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() || null, page: null });
          }}
          sx={{ width: { xs: '100%', sm: 360 } }}
        >
          <TextField
            size="small"
            fullWidth
            label="Cari program"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label="Hapus pencarian"
                      edge="end"
                      onClick={() => {
                        setSearch('');
                        update({ q: null, page: null });
                      }}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : null,
              },
              htmlInput: { enterKeyHint: 'search' },
            }}
          />
        </Box>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlinedIcon />}
          endIcon={<KeyboardArrowDownIcon />}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? 'export-menu' : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          Export
        </Button>
        <Menu
          id="export-menu"
          anchorEl={menuAnchor}
          open={Boolean(menuAnchor)}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {(Object.keys(exportKindLabels) as ExportKind[]).map((kind) => {
            const Icon = exportIcons[kind];
            return (
              <MenuItem
                key={kind}
                onClick={() => {
                  setMenuAnchor(null);
                  setDialogKind(kind);
                }}
              >
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{exportKindLabels[kind]}</ListItemText>
              </MenuItem>
            );
          })}
        </Menu>
      </Stack>

      <Card>
        {q && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            Hasil pencarian untuk &ldquo;{q}&rdquo;
          </Typography>
        )}
        {programs.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void programs.refetch()}>
                Coba lagi
              </Button>
            }
          >
            {errorMessage(programs.error)}
          </Alert>
        )}
        <Box sx={{ opacity: programs.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <GradingProgramTable
            rows={programs.data?.list}
            loading={programs.isPending}
            skeletonRows={5}
            participantsSort={participantsSort}
            onToggleParticipantsSort={() =>
              update({ sort_type: participantsSort === 'desc' ? 'asc' : 'desc', page: null })
            }
            canGrade={canGrade}
            exportingId={programExport.isPending ? (programExport.variables ?? null) : null}
            onExport={(program) => void exportProgram(program)}
          />
        </Box>
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[pageSize]}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} dari ${count}`}
          getItemAriaLabel={(type) =>
            type === 'next' ? 'Halaman berikutnya' : 'Halaman sebelumnya'
          }
          onPageChange={(_event, next) => update({ page: next === 0 ? null : String(next + 1) })}
        />
      </Card>

      <ExportDialog kind={dialogKind} onClose={() => setDialogKind(null)} />
    </Stack>
  );
}
