import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { readSignInNotice, setSignInNotice } from '../../../api/session';
import { Alert } from '../../../components/alert';
import { EmailField } from '../../../components/fields';
import { TextField } from '../../../components/text-field';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import type { FieldErrors } from '../../../lib/form';
import { afterSignInPath, routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { GuestCard } from '../components/guest-card';

const required = (field: string) => `${field} tidak boleh kosong`;

/**
 * 'Masuk'. The first screen most people see, so it checks only empty fields here (the server
 * checks the rest) and keeps its code small: no schema library on this screen (budget).
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [notice] = useState(readSignInNotice);
  useEffect(() => () => setSignInNotice(null), []);

  const form = useFormSubmit({
    validate: (values) => {
      const email = values.email?.trim() ?? '';
      const password = values.password ?? '';
      const found: FieldErrors = {};
      if (!email) found.email = required('Email');
      if (!password) found.password = required('Password');
      return Object.keys(found).length
        ? { ok: false, errors: found }
        : { ok: true, data: { email, password } };
    },
    action: authApi.login,
    onDone: () => navigate(afterSignInPath(location.search), { replace: true }),
  });

  return (
    <GuestCard title="Masuk">
      {notice && !form.failure && <Alert tone="warning">{notice}</Alert>}
      <Form state={form} submitLabel="Masuk">
        <EmailField error={form.errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
        />
      </Form>
      <p className="center">
        <Link to={routePaths['lupa-password']}>Lupa password?</Link>
      </p>
      <p className="center">
        Belum punya akun? <Link to={routePaths.daftar + location.search}>Daftar</Link>
      </p>
    </GuestCard>
  );
}
