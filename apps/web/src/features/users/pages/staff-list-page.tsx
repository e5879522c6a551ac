import { useState } from 'react';
import { Button, Card, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useSnackbar } from 'notistack';
import { roleKeys, roleNames } from '@ajar/shared/common/roles';
import { staffMessages } from '@ajar/shared/users/users.constants';
import type { StaffAccount, StaffListQueryParsed } from '@ajar/shared/users/users.schemas';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { SearchResultNote } from '@/components/search-result-note';
import { useCurrentUser } from '@/hooks/use-session';
import { useStaff } from '../api/get-staff';
import { useSendStaffResetLink, useSetStaffStatus } from '../api/save-staff';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { StaffTable } from '../components/staff-table';
import { pageSizes, useStaffListParams } from '../lib/use-staff-list-params';

type Pending = { kind: 'status' | 'reset'; account: StaffAccount } | null;

/**
 * '/pengguna' — staff accounts (superadmin only): search, role and status filters, server
 * paging; create, edit, activate/deactivate and send a reset link, each change confirmed.
 */
export function StaffListPage() {
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser();
  const { page, limit, q, role, status, update } = useStaffListParams();
  const [form, setForm] = useState<{ account: StaffAccount | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const query: StaffListQueryParsed = {
    page,
    limit,
    q: q || undefined,
    role,
    status,
    sort: 'created_at',
    dir: 'desc',
  };
  const staff = useStaff(query);
  const setStatus = useSetStaffStatus();
  const sendReset = useSendStaffResetLink();
  const busy = setStatus.isPending || sendReset.isPending;

  const confirm = async () => {
    if (!pending) return;
    const { kind, account } = pending;
    try {
      if (kind === 'status') {
        await setStatus.mutateAsync({ id: account.id, isActive: !account.is_active });
        enqueueSnackbar(account.is_active ? staffMessages.deactivated : staffMessages.activated, {
          variant: 'success',
        });
      } else {
        await sendReset.mutateAsync(account.id);
        enqueueSnackbar(staffMessages.resetLinkSent, { variant: 'success' });
      }
      setPending(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ '& > *': { flexShrink: 0 } }}
        >
          <SearchBox
            label="Cari nama atau email"
            value={q}
            width={300}
            onSearch={(text) => update({ q: text || null, page: null })}
          />
          <TextField
            select
            size="small"
            label="Peran"
            value={role ?? ''}
            onChange={(event) => update({ role: event.target.value || null, page: null })}
            sx={{ width: { xs: '100%', sm: 170 } }}
          >
            <MenuItem value="">Semua Peran</MenuItem>
            {roleKeys.map((key) => (
              <MenuItem key={key} value={key}>
                {roleNames[key]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Status"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
            sx={{ width: { xs: '100%', sm: 160 } }}
          >
            <MenuItem value="">Semua Status</MenuItem>
            <MenuItem value="active">Aktif</MenuItem>
            <MenuItem value="inactive">Nonaktif</MenuItem>
          </TextField>
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setForm({ account: null })}
          sx={{ alignSelf: { xs: 'flex-end', md: 'center' }, whiteSpace: 'nowrap' }}
        >
          Pengguna Baru
        </Button>
      </Stack>

      <Card>
        <SearchResultNote q={q} sx={{ px: 2, pt: 1.5 }} />
        {staff.isError && (
          <LoadErrorAlert error={staff.error} onRetry={() => void staff.refetch()} sx={{ m: 2 }} />
        )}
        <StaffTable
          rows={staff.data?.list}
          loading={staff.isPending}
          dimmed={staff.isPlaceholderData}
          skeletonRows={limit}
          pagination={{ total: staff.data?.total ?? 0, page, limit, pageSizes, onChange: update }}
          selfId={me.id}
          onEdit={(account) => setForm({ account })}
          onToggleActive={(account) => setPending({ kind: 'status', account })}
          onSendResetLink={(account) => setPending({ kind: 'reset', account })}
        />
      </Card>

      <StaffFormDialog open={form !== null} account={form?.account} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={pending !== null}
        loading={busy}
        {...confirmText(pending)}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

function confirmText(pending: Pending) {
  if (!pending) return { title: '' };
  const { kind, account } = pending;
  if (kind === 'reset') {
    return {
      title: 'Kirim Link Reset Password',
      message: `Kirim link reset password ke ${account.email}? Link berlaku 60 menit.`,
      confirmLabel: 'Kirim',
    };
  }
  return account.is_active
    ? {
        title: 'Nonaktifkan Pengguna',
        message: `Nonaktifkan ${account.fullname}? Semua sesi login akun ini langsung berakhir dan akun tidak dapat login sampai diaktifkan kembali.`,
        confirmLabel: 'Nonaktifkan',
        confirmColor: 'error' as const,
      }
    : {
        title: 'Aktifkan Pengguna',
        message: `Aktifkan kembali ${account.fullname}? Akun ini dapat login lagi.`,
        confirmLabel: 'Aktifkan',
        confirmColor: 'success' as const,
      };
}
