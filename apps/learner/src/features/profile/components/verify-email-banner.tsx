import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { emailVerificationMessages as M } from '@ajar/shared/members/email-verification.constants';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../api/http';
import { profileQuery } from '../api/profile-api';
import { emailVerificationApi } from '../api/email-verification-api';

type SendState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * 'Verifikasi email Anda' above every signed-in screen while the member's address is not
 * verified (docs/decisions.md), with 'Kirim ulang' for a new link.
 */
export function VerifyEmailBanner() {
  const profile = useQuery(profileQuery);
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  if (!profile.data || profile.data.email_verified) return null;
  const resend = () => {
    setState({ kind: 'sending' });
    emailVerificationApi.resend().then(
      () => setState({ kind: 'sent' }),
      (error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }),
    );
  };
  return (
    <section className="verify-email-banner" aria-labelledby="verify-email-title">
      <h2 id="verify-email-title">{M.bannerTitle}</h2>
      <p>{M.bannerText(profile.data.email)}</p>
      <div role="status">
        {state.kind === 'sent' ? <p>{M.sent}</p> : null}
        {state.kind === 'failed' ? (
          <p className="verify-email-banner__error">{state.message}</p>
        ) : null}
      </div>
      {state.kind === 'sent' ? null : (
        <Button variant="secondary" busy={state.kind === 'sending'} onClick={resend}>
          {M.resend}
        </Button>
      )}
    </section>
  );
}
