import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import {
  participantDefaultPageSize,
  participantMessages,
  participantPageSizes,
} from '@ajar/shared/participants/participants.constants';
import type {
  Participant,
  ParticipantListQueryParsed,
} from '@ajar/shared/participants/participants.schemas';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { errorMessage, isMissingRecord } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListPagination } from '@/components/list-pagination';
import { SearchBox } from '@/components/search-box';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useCan } from '@/hooks/use-session';
import { NotFoundMessage } from '@/layout/not-found-page';
import { useParticipants } from '../api/get-participants';
import { useProgramTitle } from '../api/get-program-title';
import { useRemoveParticipant } from '../api/remove-participant';
import { ActivityDetailDialog } from '../components/activity-detail-dialog';
import { CertificateZipButton } from '../components/certificate-zip-button';
import { LearningRecordExportButton } from '../components/learning-record-export-button';
import { ParticipantTable, type SortDir } from '../components/participant-table';
import { UpdateUserDialog } from '../components/update-user-dialog';
import { VoucherCodesDialog } from '../components/voucher-codes-dialog';
import { VoucherDetailDialog } from '../components/voucher-detail-dialog';

function readSortDir(value: string | null): SortDir | null {
  return value === 'asc' || value === 'desc' ? value : null;
}

function readPageSize(value: string | null): number {
  const n = Number(value);
  return (participantPageSizes as readonly number[]).includes(n) ? n : participantDefaultPageSize;
}

type Open =
  | { kind: 'activities' | 'voucher' | 'user' | 'remove'; participant: Participant }
  | { kind: 'codes' }
  | null;

/**
 * '/program/users/{id}' — 'Daftar Peserta' (spec 01 §2): search, sort by Status (progress),
 * server paging, and the dialogs Detail Aktivitas, Update User, Detail Voucher, remove from the
 * program, and the program's voucher codes. The list state lives in the URL.
 */
export function ParticipantListPage() {
  const { id: programId = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('program.manage');
  const { params, setParams, update } = useListSearchParams();
  const program = useProgramTitle(programId);

  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = readPageSize(params.get('limit'));
  const q = params.get('q') ?? '';
  const progressSort = readSortDir(params.get('dir'));

  const query: ParticipantListQueryParsed = {
    page,
    limit,
    q: q || undefined,
    sort: progressSort ? 'results.progress' : 'created_at',
    dir: progressSort ?? 'desc',
  };
  const participants = useParticipants(programId, query);
  const total = participants.data?.total ?? 0;

  // Removing the last row of the last page leaves an empty page: step back to the previous one.
  const emptyPage =
    participants.data && participants.data.list.length === 0 && page > 1 && total > 0;
  useEffect(() => {
    if (!emptyPage) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(Math.max(1, Math.ceil(total / limit))));
        return next;
      },
      { replace: true },
    );
  }, [emptyPage, total, limit, setParams]);

  // The opened dialog's subject stays set while the dialog fades out.
  const [open, setOpen] = useState<Open>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const remove = useRemoveParticipant();
  const confirmRemove = async () => {
    if (open?.kind !== 'remove') return;
    try {
      await remove.mutateAsync(open.participant.id);
      enqueueSnackbar(participantMessages.removed, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setRemoveOpen(false);
    }
  };

  const subject = (kind: 'activities' | 'voucher') =>
    open?.kind === kind ? open.participant.id : null;

  // Another trainer's program (or one that is gone): the 404 page, as other screens show it,
  // rather than a half-drawn list with live buttons.
  const missing = [program.error, participants.error].some(isMissingRecord);
  if (missing) return <NotFoundMessage />;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Program
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {program.data?.title ?? (program.isError ? '-' : '…')}
          </Typography>
        </Box>
        {/* The buttons wrap on a narrow screen rather than widening the page. */}
        <Stack direction="row" useFlexGap sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1.5 }}>
          <CertificateZipButton programId={programId} />
          <LearningRecordExportButton programId={programId} />
          <Button
            variant="outlined"
            startIcon={<ConfirmationNumberOutlinedIcon />}
            onClick={() => setOpen({ kind: 'codes' })}
            sx={{ flexShrink: 0 }}
          >
            Kode Voucher
          </Button>
        </Stack>
      </Stack>

      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{
            p: 2,
            alignItems: { xs: 'stretch', sm: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <SearchBox
            label="Cari peserta"
            placeholder="Kode voucher, kode redeem, nama, atau nomor"
            value={q}
            onSearch={(text) => update({ q: text || null, page: null })}
            width={400}
          />
          <Typography variant="body2" color="text.secondary">
            {participants.data ? `${new Intl.NumberFormat('id-ID').format(total)} peserta` : ''}
          </Typography>
        </Stack>
        {participants.isError && (
          <LoadErrorAlert
            error={participants.error}
            onRetry={() => void participants.refetch()}
            sx={{ mx: 2, mb: 2 }}
          />
        )}
        <Box sx={{ opacity: participants.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
          <ParticipantTable
            rows={participants.data?.list}
            loading={participants.isPending}
            skeletonRows={limit}
            searching={Boolean(q)}
            progressSort={progressSort}
            onToggleProgressSort={() =>
              update({ dir: progressSort === 'desc' ? 'asc' : 'desc', page: null })
            }
            actions={{
              onActivities: (participant) => setOpen({ kind: 'activities', participant }),
              onUpdateUser: (participant) => setOpen({ kind: 'user', participant }),
              onVoucher: (participant) => setOpen({ kind: 'voucher', participant }),
              onRemove: canManage
                ? (participant) => {
                    setOpen({ kind: 'remove', participant });
                    setRemoveOpen(true);
                  }
                : undefined,
            }}
          />
        </Box>
        <ListPagination
          total={total}
          page={page}
          limit={limit}
          pageSizes={participantPageSizes}
          defaultLimit={participantDefaultPageSize}
          onChange={update}
        />
      </Card>

      <ActivityDetailDialog redeemId={subject('activities')} onClose={() => setOpen(null)} />
      <VoucherDetailDialog redeemId={subject('voucher')} onClose={() => setOpen(null)} />
      <UpdateUserDialog
        memberId={open?.kind === 'user' ? open.participant.member.id : null}
        onClose={() => setOpen(null)}
      />
      <VoucherCodesDialog
        programId={programId}
        open={open?.kind === 'codes'}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={removeOpen && open?.kind === 'remove'}
        title="Hapus Peserta dari Program"
        message={
          open?.kind === 'remove' && (
            <>
              Apakah anda yakin ingin menghapus peserta ini dari program? Progress, nilai, dan tugas
              yang diunggah ikut terhapus. Kode vouchernya kembali tersedia dan dapat di-redeem
              lagi.
              <Box component="strong" sx={{ display: 'block', mt: 1, color: 'text.primary' }}>
                {open.participant.member.fullname} ({open.participant.license})
              </Box>
            </>
          )
        }
        confirmLabel="Hapus"
        confirmColor="error"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoveOpen(false)}
      />
    </Stack>
  );
}
