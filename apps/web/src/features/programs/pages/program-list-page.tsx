import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { Box, Button, Card, Stack, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  programFieldLimits,
  programMessages,
  programStatuses,
  programStatusLabels,
  type ProgramStatus,
} from '@ajar/shared/programs/programs.constants';
import type { Program, ProgramListQueryParsed } from '@ajar/shared/programs/programs.schemas';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchResultNote } from '@/components/search-result-note';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ExportDialog } from '@/features/grading/components/export-dialog';
import { ListPagination } from '@/components/list-pagination';
import { SearchBox } from '@/components/search-box';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useCan } from '@/hooks/use-session';
import { usePrograms } from '../api/get-programs';
import { useDeleteProgram } from '../api/delete-program';
import { useUpdateProgramStatus } from '../api/update-program-status';
import { ProgramTable, type SortDir } from '../components/program-table';

/** Spec 01 §9: the program list shows 10 rows a page. */
const pageSize = 10;

type PendingAction =
  { kind: 'status'; program: Program; to: ProgramStatus } | { kind: 'delete'; program: Program };

function readStatus(value: string | null): ProgramStatus {
  return programStatuses.find((s) => s === value) ?? 'draft';
}

function readSortDir(value: string | null): SortDir | null {
  return value === 'asc' || value === 'desc' ? value : null;
}

/**
 * '/program' — 'Daftar Program' (spec 01 §2): tabs per status, search on Enter, sort by total
 * participants, server-side paging, and the status/delete actions for those who manage programs.
 * The list state lives in the URL so a reload or the back button returns to the same view.
 */
export function ProgramListPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('program.manage');
  const canExport = useCan('grade.manage');
  const [exportOpen, setExportOpen] = useState(false);
  const { params, setParams, update } = useListSearchParams();

  const status = readStatus(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const participantsSort = readSortDir(params.get('sort_type'));

  const query: ProgramListQueryParsed = {
    page,
    limit: pageSize,
    status,
    q: q || undefined,
    sort: participantsSort ? 'total_participants' : 'created_at',
    sort_type: participantsSort ?? 'desc',
  };
  const programs = usePrograms(query);
  const total = programs.data?.total ?? 0;

  // Deleting the last row of the last page leaves an empty page: step back to the previous one.
  const emptyPage = programs.data && programs.data.list.length === 0 && page > 1 && total > 0;
  useEffect(() => {
    if (emptyPage) {
      const lastPage = Math.max(1, Math.ceil(total / pageSize));
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(lastPage));
          return next;
        },
        { replace: true },
      );
    }
  }, [emptyPage, total, setParams]);

  // The action stays set while its dialog fades out, so the text does not vanish mid-animation.
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const ask = (action: PendingAction) => {
    setPending(action);
    setDialogOpen(true);
  };
  const statusMutation = useUpdateProgramStatus();
  const deleteMutation = useDeleteProgram();
  const busy = statusMutation.isPending || deleteMutation.isPending;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'status') {
        await statusMutation.mutateAsync({ id: pending.program.id, status: pending.to });
        enqueueSnackbar(programMessages.statusChanged, { variant: 'success' });
      } else {
        await deleteMutation.mutateAsync(pending.program.id);
        enqueueSnackbar(programMessages.deleted, { variant: 'success' });
      }
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setDialogOpen(false);
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
          label="Cari nama program"
          value={q}
          onSearch={(text) => update({ q: text || null, page: null })}
          maxLength={programFieldLimits.search}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {canExport && (
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              aria-haspopup="dialog"
              onClick={() => setExportOpen(true)}
            >
              Export
            </Button>
          )}
          {canManage && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to="/program/tambah-program"
            >
              Tambah Program
            </Button>
          )}
        </Stack>
      </Stack>

      <Card>
        <Tabs
          value={status}
          onChange={(_event, value: ProgramStatus) => update({ status: value, page: null })}
          aria-label="Status program"
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {programStatuses.map((s) => (
            <Tab key={s} value={s} label={programStatusLabels[s]} />
          ))}
        </Tabs>
        <SearchResultNote q={q} sx={{ px: 2, pt: 1.5 }} />
        {programs.isError && (
          <LoadErrorAlert
            error={programs.error}
            onRetry={() => void programs.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <Box sx={{ opacity: programs.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <ProgramTable
            rows={programs.data?.list}
            loading={programs.isPending}
            skeletonRows={5}
            participantsSort={participantsSort}
            onToggleParticipantsSort={() =>
              update({ sort_type: participantsSort === 'desc' ? 'asc' : 'desc', page: null })
            }
            actions={
              canManage
                ? {
                    onEdit: (program) => navigate(`/program/edit/${program.id}`),
                    onChangeStatus: (program, to) => ask({ kind: 'status', program, to }),
                    onDelete: (program) => ask({ kind: 'delete', program }),
                  }
                : null
            }
          />
        </Box>
        <ListPagination
          total={total}
          page={page}
          limit={pageSize}
          pageSizes={[pageSize]}
          onChange={update}
        />
      </Card>

      <ConfirmDialog
        open={dialogOpen && pending?.kind === 'status'}
        title="Ubah Status Program"
        message={
          pending?.kind === 'status' && (
            <>
              Ubah status program dari {programStatusLabels[pending.program.status]} menjadi{' '}
              {programStatusLabels[pending.to]}?
              <Box component="strong" sx={{ display: 'block', mt: 1, color: 'text.primary' }}>
                {pending.program.title}
              </Box>
            </>
          )
        }
        confirmLabel="Ya, Ubah"
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={() => setDialogOpen(false)}
      />
      <ConfirmDialog
        open={dialogOpen && pending?.kind === 'delete'}
        title="Hapus Program"
        message={
          pending?.kind === 'delete' && (
            <>
              Apakah anda yakin ingin menghapus program ini? Topik dan aktivitas di dalamnya ikut
              terhapus.
              <Box component="strong" sx={{ display: 'block', mt: 1, color: 'text.primary' }}>
                {pending.program.title}
              </Box>
            </>
          )
        }
        confirmLabel="Hapus"
        confirmColor="error"
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={() => setDialogOpen(false)}
      />
      <ExportDialog
        kind={exportOpen ? 'member_redeem' : null}
        onClose={() => setExportOpen(false)}
      />
    </Stack>
  );
}
