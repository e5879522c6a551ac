import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { emailVerificationMessages as M } from '@ajar/shared/members/email-verification.constants';
import { Alert } from '../../../components/alert';
import { Button, LinkButton } from '../../../components/button';
import { errorMessage } from '../../../api/http';
import { routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { GuestCard } from '../components/guest-card';

type State =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * The link of the verification e-mail (`/belajar/verify-email?token=…`), signed in or not. The
 * link is used when the member presses the button, never on load, so a mail scanner that opens
 * links does not use it up.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'idle' });
  const verify = () => {
    setState({ kind: 'busy' });
    authApi.verifyEmail({ token }).then(
      () => setState({ kind: 'done' }),
      (error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }),
    );
  };
  if (state.kind === 'done') {
    return (
      <GuestCard title="Verifikasi email">
        <Alert tone="success">{M.verified}</Alert>
        <LinkButton to={routePaths['program-saya']} block>
          Buka Ajar Belajar
        </LinkButton>
      </GuestCard>
    );
  }
  return (
    <GuestCard title="Verifikasi email">
      {!token || state.kind === 'failed' ? (
        <Alert tone="error">{state.kind === 'failed' ? state.message : M.invalid}</Alert>
      ) : (
        <p>Tekan tombol di bawah untuk memastikan email ini milik Anda.</p>
      )}
      {token ? (
        <Button block busy={state.kind === 'busy'} onClick={verify}>
          Verifikasi email
        </Button>
      ) : null}
    </GuestCard>
  );
}
