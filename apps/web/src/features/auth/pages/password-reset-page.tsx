import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { authMessages, newPasswordField, passwordRule } from '@ajar/shared/auth/auth.schemas';
import { messages } from '@ajar/shared/common/messages';
import { ApiError, errorMessage } from '@/api/http';
import { FormPasswordField } from '@/components/form-text-field';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { AuthResult } from '../components/auth-result';

// The server's rule (newPasswordField) plus a confirmation field that only the form has.
const resetFormSchema = z
  .object({
    password: newPasswordField('Password baru'),
    conf_password: z
      .string({ error: messages.required('Konfirmasi password baru') })
      .min(1, { error: messages.required('Konfirmasi password baru') }),
  })
  .refine((v) => v.password === v.conf_password, {
    path: ['conf_password'],
    error: 'Konfirmasi password baru tidak sama',
  });

function RequestNewLink() {
  return (
    <Link component={RouterLink} to="/forgot-password" underline="hover" variant="body2">
      Minta link baru
    </Link>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', conf_password: '' },
  });
  const onSubmit = handleSubmit((values) =>
    reset.mutateAsync({ token, password: values.password }).then(
      () => navigate('/password-changed', { replace: true }),
      (error: unknown) => {
        const field = error instanceof ApiError ? error.validation?.password : undefined;
        if (field) setError('password', { message: field }, { shouldFocus: true });
      },
    ),
  );
  const invalidLink =
    reset.error && !(reset.error instanceof ApiError && reset.error.validation?.password);
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <AuthHeading title="Buat Password Baru">Masukkan password baru untuk akun anda.</AuthHeading>
      <Stack spacing={2.5}>
        {invalidLink ? (
          <Alert severity="error" action={<RequestNewLink />}>
            {errorMessage(reset.error)}
          </Alert>
        ) : null}
        <FormPasswordField
          control={control}
          name="password"
          label="Password baru"
          autoComplete="new-password"
          helperText={passwordRule.text}
          autoFocus
          disabled={reset.isPending}
        />
        <FormPasswordField
          control={control}
          name="conf_password"
          label="Konfirmasi password baru"
          autoComplete="new-password"
          disabled={reset.isPending}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={reset.isPending}
          startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Simpan Password
        </Button>
      </Stack>
    </Box>
  );
}

/** Password reset from the e-mailed link (`/password-reset?token=`): confirm, then a new password. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [confirmed, setConfirmed] = useState(false);

  if (!token) {
    return (
      <AuthResult icon={<LockResetRounded />} title="Reset Password" action={<RequestNewLink />}>
        {authMessages.resetInvalid}
      </AuthResult>
    );
  }
  if (confirmed) return <NewPasswordForm token={token} />;
  return (
    <AuthResult
      icon={<LockResetRounded />}
      title="Reset Password"
      action={
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center' }}
        >
          <Button component={RouterLink} to="/" variant="outlined" size="large">
            Batal
          </Button>
          <Button variant="contained" size="large" onClick={() => setConfirmed(true)}>
            Ya, buat password baru
          </Button>
        </Stack>
      }
    >
      Anda akan membuat password baru untuk akun anda. Setelah disimpan, password lama tidak dapat
      dipakai lagi.
    </AuthResult>
  );
}
