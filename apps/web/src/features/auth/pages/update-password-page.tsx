import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import {
  authMessages,
  passwordRule,
  updatePasswordBodySchema,
  type UpdatePasswordBody,
} from '@ajar/shared/auth/auth.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { FormPasswordField } from '@/components/form-text-field';
import { useUpdatePassword } from '../api/update-password';

const emptyForm: UpdatePasswordBody = {
  current_password: '',
  new_password: '',
  conf_new_password: '',
};

/** The failure text of spec 01 §8: 'Password gagal diubah' plus what the server said. */
function failureText(error: unknown): string {
  const fields = error instanceof ApiError ? Object.values(error.validation ?? {}) : [];
  const detail = fields.length ? fields.join(', ') : errorMessage(error);
  return `${authMessages.passwordChangeFailed}: ${detail}`;
}

export function UpdatePasswordPage() {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePassword();
  const { control, handleSubmit, reset, resetField, setError } = useForm({
    resolver: zodResolver(updatePasswordBodySchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        enqueueSnackbar(authMessages.passwordChanged, { variant: 'success' });
        reset(emptyForm);
      },
      (error: unknown) => {
        enqueueSnackbar(failureText(error), { variant: 'error' });
        resetField('new_password');
        resetField('conf_new_password');
        const fields = error instanceof ApiError ? (error.validation ?? {}) : {};
        for (const name of Object.keys(emptyForm) as (keyof UpdatePasswordBody)[]) {
          const message = fields[name];
          if (message) setError(name, { message }, { shouldFocus: true });
        }
      },
    ),
  );

  const busy = update.isPending;
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardHeader
        title="Ubah Password"
        subheader="Setelah password diubah, sesi di perangkat lain akan keluar."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <FormPasswordField
              control={control}
              name="current_password"
              label="Password saat ini"
              autoComplete="current-password"
              disabled={busy}
            />
            <FormPasswordField
              control={control}
              name="new_password"
              label="Password baru"
              autoComplete="new-password"
              helperText={passwordRule.text}
              disabled={busy}
            />
            <FormPasswordField
              control={control}
              name="conf_new_password"
              label="Konfirmasi password baru"
              autoComplete="new-password"
              disabled={busy}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Simpan
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
