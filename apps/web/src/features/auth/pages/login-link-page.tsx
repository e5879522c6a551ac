import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { loginLinkMessages } from '@ajar/shared/auth/auth.rules';
import { errorMessage } from '@/api/http';
import { useConfirmLoginLink } from '../api/login-link';
import { AuthHeading } from '../components/auth-heading';
import { AuthResult } from '../components/auth-result';

/**
 * The page of an e-mailed sign-in link. The link is used only when the person presses the
 * button, never on load: mail scanners that open links would use it up otherwise.
 */
export function LoginLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmLoginLink();

  if (confirm.isSuccess) {
    return (
      <AuthResult
        icon={<CheckCircleRounded />}
        title="Browser ini sudah dipercaya"
        action={
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Login
          </Button>
        }
      >
        {loginLinkMessages.done}
      </AuthResult>
    );
  }

  return (
    <Box>
      <AuthHeading title="Link Masuk">
        Gunakan link ini di browser tempat anda ingin login. Setelah itu login dengan email dan
        password anda seperti biasa.
      </AuthHeading>
      {confirm.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(confirm.error)}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!token || confirm.isPending}
        startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClick={() => confirm.mutate({ token })}
      >
        Percayai browser ini
      </Button>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Button component={RouterLink} to="/login">
          Kembali ke login
        </Button>
      </Box>
    </Box>
  );
}
