import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  checkLoginForm,
  loginLinkMessages,
  type LoginCredentials,
} from '@ajar/shared/auth/auth.rules';
import { messages } from '@ajar/shared/common/messages';
import { ApiError } from '@/api/http';
import { useLogin } from '../api/login';
import { sendLoginLink } from '../api/login-link';
import { AuthHeading } from '../components/auth-heading';
import { AuthNotice } from '../components/auth-notice';
import { AuthPasswordField, AuthTextField } from '../components/auth-text-field';

type Field = keyof LoginCredentials;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The login form checks its fields with the shared zod-free rule (`checkLoginForm`, which answers
 * like `loginBodySchema`) and keeps its own small state: zod and react-hook-form stay off the
 * login route (bundle budget). Like the other forms: checked on submit, then again on
 * every change of a field once submitted; the first field in error takes the focus.
 */
export function LoginPage() {
  const signIn = useLogin();
  const [values, setValues] = useState<LoginCredentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: Field } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = signIn.isPending;
  /** The account-wide delay holds this sign-in: offer an e-mailed sign-in link (for `email`). */
  const [linkOffer, setLinkOffer] = useState<{ email: string } | null>(null);
  const [linkState, setLinkState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [linkError, setLinkError] = useState('');

  // The fields are disabled while signing in; focus once they take input again.
  useEffect(() => {
    if (!focusRequest || busy) return;
    (focusRequest.field === 'email' ? emailRef : passwordRef).current?.focus();
    setFocusRequest(null);
  }, [focusRequest, busy]);

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    const check = checkLoginForm(next);
    setErrors((current) => ({ ...current, [field]: check.ok ? undefined : check.errors[field] }));
  };

  // On success the session is stored and the guest guard moves on to the remembered path or
  // the dashboard.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const check = checkLoginForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      setFocusRequest({ field: check.errors.email ? 'email' : 'password' });
      return;
    }
    setErrors({});
    signIn.mutateAsync(check.values).catch((error: unknown) => {
      // Spec 01 §5: the server's message goes on the email field (a lockout's too).
      const fields = error instanceof ApiError ? (error.validation ?? {}) : {};
      const offered = fields.login_link ? { email: check.values.email } : null;
      setLinkOffer((current) => (current?.email === offered?.email ? current : offered));
      if (offered?.email !== linkOffer?.email) setLinkState('idle');
      const next: FieldErrors = {};
      if (fields.password) next.password = fields.password;
      if (fields.email || !fields.password) next.email = fields.email ?? messageOf(error);
      setErrors(next);
      if (next.email) setFocusRequest({ field: 'email' });
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <AuthHeading title="Masuk ke akun anda">
        Gunakan email dan password akun staf atau trainer anda.
      </AuthHeading>
      <Stack spacing={2.5}>
        <AuthTextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          inputRef={emailRef}
          disabled={busy}
        />
        <AuthPasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          inputRef={passwordRef}
          disabled={busy}
        />
        <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
          {/* MUI's Link is this Typography plus ~1 kB the login route can do without. */}
          <Typography
            component={RouterLink}
            to="/forgot-password"
            variant="body2"
            color="primary"
            sx={{ textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
          >
            Lupa password?
          </Typography>
        </Box>
        {linkOffer ? (
          <AuthNotice icon={<MailIcon />}>
            <span>{linkState === 'sent' ? loginLinkMessages.sent : loginLinkMessages.offer}</span>
            {linkState === 'failed' ? (
              <Typography variant="body2" color="error" component="span" sx={{ display: 'block' }}>
                {linkError}
              </Typography>
            ) : null}
            {linkState === 'sent' ? null : (
              <Button
                size="small"
                variant="outlined"
                sx={{ display: 'flex', mt: 1 }}
                disabled={linkState === 'sending'}
                onClick={() => {
                  setLinkState('sending');
                  sendLoginLink({ email: linkOffer.email }).then(
                    () => setLinkState('sent'),
                    (error: unknown) => {
                      setLinkError(messageOf(error));
                      setLinkState('failed');
                    },
                  );
                }}
              >
                Kirim link masuk
              </Button>
            )}
          </AuthNotice>
        ) : null}
        {signIn.preparing ? (
          <AuthNotice icon={<CircularProgress size={18} />}>Aplikasi sedang disiapkan…</AuthNotice>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Login
        </Button>
      </Stack>
    </Box>
  );
}

/** An envelope icon drawn inline: the login route loads no icon package (its byte budget, docs/benchmarks.md). */
function MailIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M20 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z" />
    </svg>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.networkError;
}
