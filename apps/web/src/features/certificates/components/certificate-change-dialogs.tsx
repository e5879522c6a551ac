import { Fragment, useId, type FormEventHandler, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
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
 * The frame both change dialogs share: the dialog and its title, and the form inside keyed by
 * the certificate, so each opening starts from that certificate's own data.
 */
function ChangeDialog({
  certificate,
  title,
  onClose,
  children,
}: {
  certificate: IssuedCertificate | null;
  title: string;
  onClose: () => void;
  children: (certificate: IssuedCertificate) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(certificate)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {certificate && <Fragment key={certificate.id}>{children(certificate)}</Fragment>}
    </Dialog>
  );
}

/** A change form: what will happen (`notice`), the fields, then the dialog's buttons. */
function ChangeForm({
  onSubmit,
  notice,
  actions,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  notice: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {notice}
          {children}
        </Stack>
      </DialogContent>
      {actions}
    </Box>
  );
}

/**
 * Sends a valid form through `send`: on success says `done(result)` and closes; a refusal goes
 * to the fields it names, or to a snackbar.
 */
function useChangeSubmit<T extends FieldValues, R>(
  form: UseFormReturn<T, unknown, T>,
  send: (body: T) => Promise<R>,
  done: (result: R) => string,
  onClose: () => void,
) {
  const { enqueueSnackbar } = useSnackbar();
  return form.handleSubmit((body) =>
    send(body).then(
      (result) => {
        enqueueSnackbar(done(result), { variant: 'success' });
        onClose();
      },
      (error: unknown) =>
        showServerError(form, error, (m) => enqueueSnackbar(m, { variant: 'error' })),
    ),
  );
}

interface ChangeFormProps {
  certificate: IssuedCertificate;
  redeemId: string;
  onClose: () => void;
}

/**
 * 'Koreksi Sertifikat': the certificate's data as it reads, to be corrected. Saving issues a new
 * number with it; the old number's verification page then says it was replaced.
 */
export function CorrectCertificateDialog({ certificate, redeemId, onClose }: ChangeDialogProps) {
  return (
    <ChangeDialog certificate={certificate} title="Koreksi Sertifikat" onClose={onClose}>
      {(c) => <CorrectForm certificate={c} redeemId={redeemId} onClose={onClose} />}
    </ChangeDialog>
  );
}

function CorrectForm({ certificate, redeemId, onClose }: ChangeFormProps) {
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
  const onSubmit = useChangeSubmit(
    form,
    (body) => correct.mutateAsync({ id: certificate.id, body }),
    (created) => `${certificateMessages.corrected}: ${created.number}`,
    onClose,
  );

  return (
    <ChangeForm
      onSubmit={onSubmit}
      notice={
        <Alert severity="info">
          Nomor {certificate.number} akan diganti dengan nomor baru berisi data di bawah ini.
          Halaman verifikasi nomor lama menautkan ke nomor baru.
        </Alert>
      }
      actions={<DialogSaveActions busy={busy} onCancel={onClose} />}
    >
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
    </ChangeForm>
  );
}

/**
 * 'Cabut Sertifikat': revokes the certificate with a reason. Its verification page then says
 * 'dicabut' with the reason, and the participant can no longer download it.
 */
export function RevokeCertificateDialog({ certificate, redeemId, onClose }: ChangeDialogProps) {
  return (
    <ChangeDialog certificate={certificate} title="Cabut Sertifikat" onClose={onClose}>
      {(c) => <RevokeForm certificate={c} redeemId={redeemId} onClose={onClose} />}
    </ChangeDialog>
  );
}

function RevokeForm({ certificate, redeemId, onClose }: ChangeFormProps) {
  const revoke = useRevokeCertificate(redeemId);
  const form = useForm({
    resolver: zodResolver(certificateRevokeBodySchema),
    defaultValues: { reason: '' },
  });
  const busy = revoke.isPending;
  const onSubmit = useChangeSubmit(
    form,
    (body) => revoke.mutateAsync({ id: certificate.id, body }),
    () => certificateMessages.revoked,
    onClose,
  );

  return (
    <ChangeForm
      onSubmit={onSubmit}
      notice={
        <Alert severity="warning">
          Sertifikat {certificate.number} atas nama {certificate.fullname} akan dicabut. Peserta
          tidak dapat mengunduhnya lagi, dan tidak ada sertifikat baru untuk program ini. Alasan
          tampil di halaman verifikasi publik.
        </Alert>
      }
      actions={
        <DialogSaveActions busy={busy} onCancel={onClose} label="Cabut Sertifikat" color="error" />
      }
    >
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
    </ChangeForm>
  );
}
