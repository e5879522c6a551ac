import Button from '@mui/material/Button';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Link as RouterLink } from 'react-router';
import { authMessages } from '@ajar/shared/auth/auth.schemas';
import { AuthResult } from '../components/auth-result';

export function PasswordChangedPage() {
  return (
    <AuthResult
      icon={<CheckCircleRounded />}
      title={authMessages.resetDone}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
          Login
        </Button>
      }
    >
      Silakan login dengan password baru anda.
    </AuthResult>
  );
}
