import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { Button, Card, ListItemIcon, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import {
  exportKindLabels,
  exportMessages,
  type ExportKind,
} from '@ajar/shared/exports/exports.constants';
import { programFieldLimits } from '@ajar/shared/programs/programs.constants';
import type { Program, ProgramListQueryParsed } from '@ajar/shared/programs/programs.schemas';
import { readSortDir } from '@/components/list-table';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { SearchResultNote } from '@/components/search-result-note';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useCan } from '@/hooks/use-session';
import { useFileOrJobReply } from '@/lib/jobs';
import { useExportProgramParticipants } from '../api/export-participants';
import { useGradingPrograms } from '../api/get-grading-programs';
import { ExportDialog } from '../components/export-dialog';
import { GradingProgramTable } from '../components/grading-program-table';
import { exportErrorMessage } from '../lib/export-error';

/** Spec 01 §9: the program list shows 10 rows a page. */
const pageSize = 10;

const exportIcons: Record<ExportKind, typeof TableViewOutlinedIcon> = {
  member_redeem: TableViewOutlinedIcon,
  member_redeem_epm: FactCheckOutlinedIcon,
};

/**
 * '/kelola-nilai' — the grading variant of 'Daftar Program' (spec 01 §2): search 'Cari program'
 * on Enter, 'Beri Nilai' to a program's participants, a one-program export per row, and the
 * export menu 'Export Program' / 'Export TPM & UK'. Server paging; the list state lives in the
 * URL so reload and back return to the same view.
 */
export function GradingProgramListPage() {
  const { enqueueSnackbar } = useSnackbar();
  const fileOrJob = useFileOrJobReply();
  const canGrade = useCan('grade.manage');
  const { params, update } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const participantsSort = readSortDir(params.get('sort_type'));

  const query: ProgramListQueryParsed = {
    page,
    limit: pageSize,
    q: q || undefined,
    sort: participantsSort ? 'total_participants' : 'created_at',
    sort_type: participantsSort ?? 'desc',
  };
  const programs = useGradingPrograms(query);
  const total = programs.data?.total ?? 0;

  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialogKind, setDialogKind] = useState<ExportKind | null>(null);
  const programExport = useExportProgramParticipants();
  const exportProgram = async (program: Program) => {
    try {
      const data = await programExport.mutateAsync(program.id);
      fileOrJob(data, exportMessages.exported);
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
        <SearchBox
          label="Cari program"
          value={q}
          onSearch={(text) => update({ q: text || null, page: null })}
          maxLength={programFieldLimits.search}
        />
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
        <SearchResultNote q={q} sx={{ px: 2, pt: 1.5 }} />
        {programs.isError && (
          <LoadErrorAlert
            error={programs.error}
            onRetry={() => void programs.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <GradingProgramTable
          rows={programs.data?.list}
          loading={programs.isPending}
          dimmed={programs.isPlaceholderData}
          pagination={{ total, page, limit: pageSize, pageSizes: [pageSize], onChange: update }}
          participantsSort={participantsSort}
          onToggleParticipantsSort={() =>
            update({ sort_type: participantsSort === 'desc' ? 'asc' : 'desc', page: null })
          }
          canGrade={canGrade}
          exportingId={programExport.isPending ? (programExport.variables ?? null) : null}
          onExport={(program) => void exportProgram(program)}
        />
      </Card>

      <ExportDialog kind={dialogKind} onClose={() => setDialogKind(null)} />
    </Stack>
  );
}
