import { useState } from 'react';
import {
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatIndonesianDate } from '@ajar/shared/certificates/certificates.rules';
import { deletionMessages } from '@ajar/shared/privacy/privacy.constants';
import type { StaffDeletionRequest } from '@ajar/shared/privacy/privacy.schemas';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useConfirmDeletion, useDeletionRequests } from '../api/deletion-requests';

/**
 * '/permintaan-hapus-akun' (admin, superadmin): participants' pending 'Hapus akun' requests;
 * 'Hapus sekarang' erases at once, otherwise each completes by itself on its date.
 */
export function DeletionRequestsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const requests = useDeletionRequests();
  const erase = useConfirmDeletion();
  const [pending, setPending] = useState<StaffDeletionRequest | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
      await erase.mutateAsync(pending.id);
      enqueueSnackbar(deletionMessages.erased, { variant: 'success' });
      setPending(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const rows = requests.data?.list ?? [];
  return (
    <Stack spacing={2.5}>
      <Card>
        {requests.isError && (
          <LoadErrorAlert
            error={requests.error}
            onRetry={() => void requests.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <Table aria-label={deletionMessages.listTitle}>
          <TableHead>
            <TableRow>
              <TableCell>Nama</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Diminta</TableCell>
              <TableCell>Dihapus otomatis</TableCell>
              <TableCell align="right">Aksi</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.fullname}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{formatIndonesianDate(row.created_at)}</TableCell>
                <TableCell>{formatIndonesianDate(row.due_at)}</TableCell>
                <TableCell align="right">
                  <Button color="error" variant="outlined" onClick={() => setPending(row)}>
                    {deletionMessages.staffConfirm}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {!requests.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">{deletionMessages.listEmpty}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title="Hapus akun peserta?"
        message={
          pending
            ? `Data pribadi ${pending.fullname} (${pending.email}) akan dihapus permanen. Nilai dan kehadiran disimpan tanpa nama; sertifikat yang sudah terbit tetap bisa diverifikasi.`
            : undefined
        }
        confirmLabel={deletionMessages.staffConfirm}
        confirmColor="error"
        loading={erase.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
