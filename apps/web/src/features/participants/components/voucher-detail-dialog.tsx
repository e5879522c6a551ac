import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { voucherEndDate } from '@ajar/shared/participants/participants.rules';
import type { VoucherDetail } from '@ajar/shared/participants/participants.schemas';
import { errorMessage } from '@/api/http';
import { useLastDefined } from '@/hooks/use-last-defined';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { useVoucherDetail } from '../api/get-participant-detail';

export interface VoucherDetailDialogProps {
  /** The redemption shown; null keeps the dialog closed. */
  redeemId: string | null;
  onClose: () => void;
}

function rows(v: VoucherDetail): [string, string][] {
  return [
    ['Kode Voucher', v.license],
    ['Kode Redeem', v.pmo_code ?? '-'],
    ['Program', v.program.title],
    ['Nama Peserta', v.member.fullname],
    ['Nomor Whatsapp', v.member.phone ?? '-'],
    ['Email', v.member.email],
    ['Tanggal Redeem', formatDateTime(v.created_at)],
    ['Tanggal Mulai', formatDateTime(v.start_test_at)],
    // Spec 01 §4: the end date only when set and progress is 100; otherwise a dash.
    ['Tanggal Selesai', formatDateTime(voucherEndDate(v.end_test_at, v.results.progress))],
  ];
}

/** Detail Voucher (spec 01 §2, §4). */
export function VoucherDetailDialog({ redeemId, onClose }: VoucherDetailDialogProps) {
  const detail = useVoucherDetail(useLastDefined(redeemId));
  const data = detail.data;
  return (
    <Dialog
      open={Boolean(redeemId)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="voucher-detail-title"
    >
      <DialogTitle id="voucher-detail-title">Detail Voucher</DialogTitle>
      <DialogContent>
        {detail.isError && <Alert severity="error">{errorMessage(detail.error)}</Alert>}
        {!data && !detail.isError && (
          <Stack spacing={1}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        )}
        {data && (
          <Table size="small" aria-label="Detail Voucher">
            <TableBody>
              {rows(data).map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ color: 'text.secondary', width: '40%', pl: 0 }}
                  >
                    {label}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>{value}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ color: 'text.secondary', pl: 0, borderBottom: 0 }}
                >
                  Progress
                </TableCell>
                <TableCell sx={{ borderBottom: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LinearProgress
                      variant="determinate"
                      value={data.results.progress}
                      color={data.results.progress === 100 ? 'success' : 'primary'}
                      sx={{ flex: 1, height: 6, borderRadius: 3 }}
                      aria-hidden
                    />
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {data.results.progress}%
                    </Typography>
                  </Stack>
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Tutup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
