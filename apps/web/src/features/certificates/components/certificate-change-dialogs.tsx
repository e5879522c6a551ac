import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  certificateFieldLabels as L,
  certificateLimits,
  certificateMessages,
} from '@ajar/shared/certificates/certificates.constants';
import {
  certificateCorrectBodySchema,
  certificateRevokeBodySchema,
  type IssuedCertificate,
} from '@ajar/shared/certificates/certificates.schemas';
import { zoneDateKey } from '@ajar/shared/common/datetime';
import { ApiError, errorMessage } from '@/api/http';
import { DialogSaveActions } from '@/components/dialog-save-actions';
import { FormTextField } from '@/components/form-text-field';
import { useCorrectCertificate, useRevokeCertificate } from '../api/change-certificate';

interface ChangeDialogProps {
  /** The certificate being changed; null keeps the dialog closed. */
  certificate: IssuedCertificate | null;
  redeemId: string;
  onClose: () => void;
}

/** Puts the server's field errors on their fields, or its message in a snackbar. */
function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  snack: (message: string) => void,
) {
  const fields = error instanceof ApiError ? error.validation : undefined;
  if (fields && Object.keys(fields).length > 0) {
    for (const [name, message] of Object.entries(fields)) {
      form.setError(name as FieldPath<T>, { message }, { shouldFocus: true });
    }
  } else {
    snack(errorMessage(error));
  }
}

/**
 * 'Koreksi Sertifikat': the certificate's data as it reads, to be corrected. Saving issues a new
 * number with it; the old number's verification page then says it was replaced.
 */
export function CorrectCertificateDialog({ certificate, redeemId, onClose }: ChangeDialogProps) {
  return (
    <Dialog
      open={Boolean(certificate)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="correct-certificate-title"
    >
      <DialogTitle id="correct-certificate-title">Koreksi Sertifikat</DialogTitle>
      {certificate && (
        // Keyed so each opening starts from that certificate's own data.
        <CorrectForm
          key={certificate.id}
          certificate={certificate}
          redeemId={redeemId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CorrectForm({
  certificate,
  redeemId,
  onClose,
}: {
  certificate: IssuedCertificate;
  redeemId: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const correct = useCorrectCertificate(redeemId);
  const form = useForm({
    resolver: zodResolver(certificateCorrectBodySchema),
    defaultValues: {
      fullname: certificate.fullname,
      program_title: certificate.program_title,
      program_minutes: String(certificate.program_minutes),
      certificate_date: zoneDateKey(certificate.issued_at),
      reason: '',
    },
  });
  const busy = correct.isPending;
  const onSubmit = form.handleSubmit((body) =>
    correct.mutateAsync({ id: certificate.id, body }).then(
      (created) => {
        enqueueSnackbar(`${certificateMessages.corrected}: ${created.number}`, {
          variant: 'success',
        });
        onClose();
      },
      (error: unknown) =>
        showServerError(form, error, (m) => enqueueSnackbar(m, { variant: 'error' })),
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">
            Nomor {certificate.number} akan diganti dengan nomor baru berisi data di bawah ini.
            Halaman verifikasi nomor lama menautkan ke nomor baru.
          </Alert>
          <FormTextField
            control={form.control}
            name="fullname"
            label={L.fullname}
            required
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: certificateLimits.fullname } }}
          />
          <FormTextField
            control={form.control}
            name="program_title"
            label={L.programTitle}
            required
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: certificateLimits.programTitle } }}
          />
          <FormTextField
            control={form.control}
            name="program_minutes"
            label={L.programMinutes}
            type="number"
            disabled={busy}
            helperText="0: durasi tidak dicetak"
            slotProps={{ htmlInput: { min: 0, max: certificateLimits.programMinutes } }}
          />
          <FormTextField
            control={form.control}
            name="certificate_date"
            label={L.certificateDate}
            type="date"
            required
            disabled={busy}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: zoneDateKey() } }}
          />
          <FormTextField
            control={form.control}
            name="reason"
            label={L.reason}
            required
            multiline
            minRows={2}
            disabled={busy}
            helperText="Dicatat bersama nama Anda dan waktunya"
            slotProps={{ htmlInput: { maxLength: certificateLimits.reason } }}
          />
        </Stack>
      </DialogContent>
      <DialogSaveActions busy={busy} onCancel={onClose} />
    </Box>
  );
}

/**
 * 'Cabut Sertifikat': revokes the certificate with a reason. Its verification page then says
 * 'dicabut' with the reason, and the participant can no longer download it.
 */
export function RevokeCertificateDialog({ certificate, redeemId, onClose }: ChangeDialogProps) {
  return (
    <Dialog
      open={Boolean(certificate)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="revoke-certificate-title"
    >
      <DialogTitle id="revoke-certificate-title">Cabut Sertifikat</DialogTitle>
      {certificate && (
        <RevokeForm
          key={certificate.id}
          certificate={certificate}
          redeemId={redeemId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RevokeForm({
  certificate,
  redeemId,
  onClose,
}: {
  certificate: IssuedCertificate;
  redeemId: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const revoke = useRevokeCertificate(redeemId);
  const form = useForm({
    resolver: zodResolver(certificateRevokeBodySchema),
    defaultValues: { reason: '' },
  });
  const busy = revoke.isPending;
  const onSubmit = form.handleSubmit((body) =>
    revoke.mutateAsync({ id: certificate.id, body }).then(
      () => {
        enqueueSnackbar(certificateMessages.revoked, { variant: 'success' });
        onClose();
      },
      (error: unknown) =>
        showServerError(form, error, (m) => enqueueSnackbar(m, { variant: 'error' })),
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            Sertifikat {certificate.number} atas nama {certificate.fullname} akan dicabut. Peserta
            tidak dapat mengunduhnya lagi, dan tidak ada sertifikat baru untuk program ini. Alasan
            tampil di halaman verifikasi publik.
          </Alert>
          <FormTextField
            control={form.control}
            name="reason"
            label={L.reason}
            required
            multiline
            minRows={2}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: certificateLimits.reason } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Batal
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Cabut Sertifikat
        </Button>
      </DialogActions>
    </Box>
  );
}
