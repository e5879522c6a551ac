import { useDeferredValue, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  notificationFieldLabels as L,
  notificationFieldLimits as limits,
  notificationMessages,
  notificationTargetLabels,
  type NotificationType,
} from '@ajar/shared/notifications/notifications.constants';
import {
  notificationCreateBodySchema,
  notificationRecipientsQuerySchema,
  type NotificationCreateBody,
} from '@ajar/shared/notifications/notifications.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { useCreateNotification } from '../api/create-notification';
import { useProgramOptions, useRecipientCount } from '../api/get-notifications';

export interface NotificationCreateDialogProps {
  open: boolean;
  onClose: () => void;
}

interface FormValues {
  target: NotificationType;
  program_id: string;
  progress_start: string;
  progress_end: string;
  title: string;
  message: string;
  link: string;
}

const initial: FormValues = {
  target: 'global',
  program_id: '',
  progress_start: '0',
  progress_end: '100',
  title: '',
  message: '',
  link: '',
};

type FieldErrors = Partial<Record<keyof FormValues, string>>;

/** The body the form sends: 'Semua user' sends no program, the range applies to both targets. */
function toBody(v: FormValues): NotificationCreateBody {
  return {
    program_id: v.target === 'program' ? v.program_id || '' : null,
    progress_start: v.progress_start,
    progress_end: v.progress_end,
    title: v.title,
    message: v.message,
    link: v.link,
  } as NotificationCreateBody;
}

/** 'Notifikasi Baru' (spec 01 §2): target, program and progress range, Judul, Pesan, Link. */
export function NotificationCreateDialog({ open, onClose }: NotificationCreateDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateNotification();
  const programs = useProgramOptions(open);

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  // The live recipient count follows the target once it is complete and valid.
  const deferred = useDeferredValue(values);
  const targetQuery = notificationRecipientsQuerySchema.safeParse({
    program_id: deferred.target === 'program' ? deferred.program_id : undefined,
    progress_start: deferred.progress_start,
    progress_end: deferred.progress_end,
  });
  const countable = targetQuery.success && (deferred.target === 'global' || !!deferred.program_id);
  const recipients = useRecipientCount(
    open && countable && targetQuery.success ? targetQuery.data : null,
  );

  const close = () => {
    setValues(initial);
    setErrors({});
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    const parsed = notificationCreateBodySchema.safeParse(body);
    const found: FieldErrors = {};
    if (values.target === 'program' && !values.program_id)
      found.program_id = 'Program tidak boleh kosong';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormValues;
        found[key] ??= issue.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(notificationMessages.sent, { variant: 'success' });
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.validation) setErrors(error.validation);
        else enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });
  };

  const isProgram = values.target === 'program';
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Notifikasi Baru</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <RadioGroup
              row
              aria-label="Target"
              value={values.target}
              onChange={(e) => set('target')(e.target.value)}
            >
              {(['global', 'program'] as const).map((t) => (
                <FormControlLabel
                  key={t}
                  value={t}
                  control={<Radio />}
                  label={notificationTargetLabels[t]}
                />
              ))}
            </RadioGroup>
            {isProgram && (
              <>
                <TextField
                  select
                  label={L.program}
                  value={values.program_id}
                  onChange={(e) => set('program_id')(e.target.value)}
                  error={!!errors.program_id}
                  helperText={
                    errors.program_id ?? (programs.isError ? errorMessage(programs.error) : ' ')
                  }
                  required
                >
                  {(programs.data ?? []).map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.label}
                    </MenuItem>
                  ))}
                  {programs.data?.length === 0 && (
                    <MenuItem disabled value="">
                      Tidak ada program
                    </MenuItem>
                  )}
                </TextField>
                <Stack direction="row" spacing={2}>
                  {(
                    [
                      ['progress_start', `${L.progressStart}(%)`],
                      ['progress_end', `${L.progressEnd}(%)`],
                    ] as const
                  ).map(([field, label]) => (
                    <TextField
                      key={field}
                      type="number"
                      label={label}
                      value={values[field]}
                      onChange={(e) => set(field)(e.target.value)}
                      error={!!errors[field]}
                      helperText={errors[field] ?? ' '}
                      slotProps={{ htmlInput: { min: 0, max: 100 } }}
                      fullWidth
                    />
                  ))}
                </Stack>
              </>
            )}
            <TextField
              label={L.title}
              value={values.title}
              onChange={(e) => set('title')(e.target.value)}
              error={!!errors.title}
              helperText={errors.title ?? `${values.title.length}/${limits.title}`}
              required
            />
            <TextField
              label={L.message}
              value={values.message}
              onChange={(e) => set('message')(e.target.value)}
              error={!!errors.message}
              helperText={errors.message ?? `${values.message.length}/${limits.message}`}
              multiline
              minRows={3}
              required
            />
            <TextField
              label={`${L.link} (opsional)`}
              placeholder="https://"
              value={values.link}
              onChange={(e) => set('link')(e.target.value)}
              error={!!errors.link}
              helperText={errors.link ?? ' '}
            />
            {countable && recipients.data && (
              <Alert severity="info" role="status">
                Akan dikirim ke {recipients.data.recipients} peserta
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Batal</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Kirim
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
