import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '../../../api/http';
import { readSignInNotice, setSignInNotice } from '../../../api/session';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { focusFirstError, formValues, type FieldErrors } from '../../../lib/form';
import { afterSignInPath, routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { GuestCard } from '../components/guest-card';

const required = (field: string) => `${field} tidak boleh kosong`;

/**
 * 'Masuk'. The first screen most people see, so it checks only empty fields here (the server
 * checks the rest) and keeps its code small: no schema library on this screen (budget, issue 18).
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [notice] = useState(readSignInNotice);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => setSignInNotice(null), []);
  useEffect(() => focusFirstError(formRef.current), [errors]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const found: FieldErrors = {};
    if (!values.email?.trim()) found.email = required('Email');
    if (!values.password) found.password = required('Password');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await authApi.login({ email: values.email?.trim() ?? '', password: values.password ?? '' });
      navigate(afterSignInPath(location.search), { replace: true });
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <GuestCard title="Masuk">
      {notice && !failure && <Alert tone="warning">{notice}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <form ref={formRef} className="stack" noValidate onSubmit={submit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Button type="submit" block busy={busy}>
          Masuk
        </Button>
      </form>
      <p className="center">
        <Link to={routePaths['lupa-password']}>Lupa password?</Link>
      </p>
      <p className="center">
        Belum punya akun? <Link to={routePaths.daftar}>Daftar</Link>
      </p>
    </GuestCard>
  );
}
