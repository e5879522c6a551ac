import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  memberAccountMessages,
  memberResetPasswordBodySchema,
} from '@ajar/shared/members/member-account.schemas';
import { Alert } from '../../../components/alert';
import { LinkButton } from '../../../components/button';
import { NewPasswordFields } from '../../../components/password-fields';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { check } from '../../../lib/form';
import { routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { GuestCard } from '../components/guest-card';
import { confirmPassword } from '../../../lib/confirm-password';

/** The reset link of the e-mail (`/belajar/reset-password?token=…`): a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useFormSubmit({
    validate: (values) =>
      confirmPassword(
        check(memberResetPasswordBodySchema, { token, password: values.password }),
        values,
      ),
    action: authApi.resetPassword,
    onDone: () => setDone(true),
  });

  if (!token) {
    return (
      <GuestCard title="Atur ulang password">
        <Alert tone="error">{memberAccountMessages.resetInvalid}</Alert>
        <p className="center">
          <Link to={routePaths['lupa-password']}>Minta tautan baru</Link>
        </p>
      </GuestCard>
    );
  }

  if (done) {
    return (
      <GuestCard title="Atur ulang password">
        <Alert tone="success">{memberAccountMessages.resetDone}</Alert>
        <LinkButton to={routePaths.masuk} block>
          Masuk
        </LinkButton>
      </GuestCard>
    );
  }

  return (
    <GuestCard title="Atur ulang password">
      {(form.failure || form.errors.token) && (
        <Alert tone="error">
          <p>{form.errors.token ?? form.failure}</p>
          {form.errors.token || !form.errors.password ? (
            <p>
              <Link to={routePaths['lupa-password']}>Minta tautan baru</Link>
            </p>
          ) : null}
        </Alert>
      )}
      <Form state={form} submitLabel="Simpan password" hideFailure>
        <NewPasswordFields errors={form.errors} label="Password baru" />
      </Form>
    </GuestCard>
  );
}
