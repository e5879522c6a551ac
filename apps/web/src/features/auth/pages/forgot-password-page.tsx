import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { authMessages, forgotPasswordBodySchema } from '@ajar/shared/auth/auth.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { FormTextField } from '@/components/form-text-field';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';
import { AuthResult } from '../components/auth-result';

function BackToLogin() {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="hover"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBackRounded fontSize="small" />
      Kembali ke halaman login
    </Link>
  );
}

/**
 * Forgot password (spec 01 §2, DESIGN §8): sends a real reset link; the answer is the same
 * whether or not the account exists.
 */
export function ForgotPasswordPage() {
  const send = useForgotPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutateAsync(values).catch((error: unknown) => {
      const field = error instanceof ApiError ? error.validation?.email : undefined;
      if (field || (error instanceof ApiError && error.status === 429)) {
        setError('email', { message: field ?? errorMessage(error) }, { shouldFocus: true });
      }
    }),
  );

  if (send.isSuccess) {
    return (
      <AuthResult
        icon={<MarkEmailReadRounded />}
        title={authMessages.resetLinkSent}
        action={<BackToLogin />}
      >
        Cek email anda kemudian buka link yang telah kami kirimkan untuk melanjutkan proses
      </AuthResult>
    );
  }

  const failed =
    send.error &&
    !(send.error instanceof ApiError && (send.error.validation || send.error.status === 429));
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <AuthHeading title="Lupa Password">
        Masukkan email akun anda. Kami akan mengirimkan link untuk membuat password baru.
      </AuthHeading>
      <Stack spacing={2.5}>
        {failed ? <Alert severity="error">{errorMessage(send.error)}</Alert> : null}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={send.isPending}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={send.isPending}
          startIcon={send.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Kirim link ke email
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <BackToLogin />
        </Box>
      </Stack>
    </Box>
  );
}
