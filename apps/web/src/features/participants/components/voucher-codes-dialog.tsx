import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from 'notistack';
import {
  voucherLimits,
  voucherMessages,
  voucherStatusLabels,
  type VoucherStatusFilter,
} from '@ajar/shared/vouchers/vouchers.constants';
import { voucherGenerateBodySchema } from '@ajar/shared/vouchers/vouchers.schemas';
import { errorMessage } from '@/api/http';
import { ListPagination } from '@/components/list-pagination';
import { useCan } from '@/hooks/use-session';
import { useFileOrJobReply } from '@/lib/jobs';
import { formatDateTime } from '@ajar/shared/common/datetime';
import {
  exportVouchers,
  useGenerateVouchers,
  useResellerOptions,
  useVouchers,
} from '../api/vouchers';

export interface VoucherCodesDialogProps {
  programId: string;
  open: boolean;
  onClose: () => void;
}

const pageSize = 10;

function GenerateForm({ programId, onDone }: { programId: string; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const generate = useGenerateVouchers(programId);
  const resellers = useResellerOptions(true);
  const [count, setCount] = useState('10');
  const [resellerId, setResellerId] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = voucherGenerateBodySchema.safeParse({ count, reseller_id: resellerId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    generate.mutate(parsed.data, {
      onSuccess: (batch) => {
        enqueueSnackbar(voucherMessages.generated(batch.codes.length), { variant: 'success' });
        onDone();
      },
      onError: (e) => enqueueSnackbar(errorMessage(e), { variant: 'error' }),
    });
  };
  const options = resellers.data ?? [];
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Buat kode voucher"
      sx={{ p: 2, mb: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={voucherMessages.countLabel}
          value={count}
          onChange={(event) => setCount(event.target.value.replace(/\D+/g, '').slice(0, 4))}
          error={Boolean(error)}
          helperText={error || `${voucherLimits.batchMin} - ${voucherLimits.batchMax}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { sm: 180 } }}
        />
        {options.length > 0 && (
          <TextField
            select
            size="small"
            label="Reseller (opsional)"
            value={resellerId}
            onChange={(event) => setResellerId(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Tanpa reseller</MenuItem>
            {options.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.fullname}
                {r.referral ? ` (${r.referral.code})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={generate.isPending}
          startIcon={
            generate.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
          }
        >
          Buat
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The program's voucher codes (the spec leaves the place open): which are used and by whom, a new
 * batch for those who manage programs, and an .xlsx export of the filtered codes.
 */
export function VoucherCodesDialog({ programId, open, onClose }: VoucherCodesDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('program.manage');
  const [status, setStatus] = useState<VoucherStatusFilter>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const query = { page, limit: pageSize, status, q: q.trim() || undefined };
  const vouchers = useVouchers(programId, query, open);
  const total = vouchers.data?.total ?? 0;

  const fileOrJob = useFileOrJobReply();
  const doExport = () => {
    setExporting(true);
    exportVouchers(programId, { status, q: q.trim() || undefined })
      .then((reply) => fileOrJob(reply, voucherMessages.exported))
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }))
      .finally(() => setExporting(false));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="voucher-codes-title"
    >
      <DialogTitle id="voucher-codes-title">Kode Voucher</DialogTitle>
      <DialogContent dividers>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <ToggleButtonGroup
              size="small"
              exclusive
              value={status}
              onChange={(_e, value: VoucherStatusFilter | null) => {
                if (value) {
                  setStatus(value);
                  setPage(1);
                }
              }}
              aria-label="Status voucher"
              sx={{ '& .MuiToggleButton-root': { whiteSpace: 'nowrap', px: 1.5 } }}
            >
              <ToggleButton value="all">Semua</ToggleButton>
              <ToggleButton value="available">{voucherStatusLabels.available}</ToggleButton>
              <ToggleButton value="redeemed">{voucherStatusLabels.redeemed}</ToggleButton>
            </ToggleButtonGroup>
            <TextField
              size="small"
              label="Cari kode"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setPage(1);
              }}
              slotProps={{ htmlInput: { maxLength: 64 } }}
              sx={{ width: { sm: 180 } }}
            />
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
          >
            <Button
              variant="outlined"
              startIcon={exporting ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}
              onClick={doExport}
              disabled={exporting}
            >
              Export
            </Button>
            {canManage && (
              <Button
                variant={generating ? 'text' : 'contained'}
                startIcon={generating ? undefined : <AddIcon />}
                onClick={() => setGenerating((v) => !v)}
                aria-expanded={generating}
              >
                {generating ? 'Batal' : 'Buat Voucher'}
              </Button>
            )}
          </Stack>
        </Stack>
        {generating && <GenerateForm programId={programId} onDone={() => setGenerating(false)} />}
        {vouchers.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(vouchers.error)}
          </Alert>
        )}
        <TableContainer sx={{ opacity: vouchers.isPlaceholderData ? 0.6 : 1 }}>
          <Table size="small" aria-label="Daftar Kode Voucher" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow
                sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}
              >
                <TableCell>Kode Voucher</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Peserta</TableCell>
                <TableCell>Reseller</TableCell>
                <TableCell>Tanggal Dibuat</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {vouchers.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {vouchers.data?.list.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={5}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  >
                    Belum ada kode voucher
                  </TableCell>
                </TableRow>
              )}
              {vouchers.data?.list.map((v) => (
                <TableRow key={v.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {v.code}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={voucherStatusLabels[v.status]}
                      color={v.status === 'redeemed' ? 'success' : 'default'}
                      variant={v.status === 'redeemed' ? 'filled' : 'outlined'}
                    />
                  </TableCell>
                  <TableCell>
                    {v.member ? (
                      <>
                        <Typography variant="body2">{v.member.fullname}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {formatDateTime(v.redeemed_at)}
                        </Typography>
                      </>
                    ) : v.redeemed_at ? (
                      // Used, but the participant was removed from the program.
                      <Typography variant="body2" color="text.secondary">
                        Peserta dihapus
                      </Typography>
                    ) : (
                      '-'
                    )}
                  </TableCell>
                  <TableCell>{v.reseller ? v.reseller.fullname : '-'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(v.created_at)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          total={total}
          page={page}
          limit={pageSize}
          pageSizes={[pageSize]}
          onChange={(change) => setPage(Number(change.page ?? 1))}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          Tutup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
