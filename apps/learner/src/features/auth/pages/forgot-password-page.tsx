import { useState } from 'react';
import { Link } from 'react-router';
import {
  memberAccountMessages,
  memberForgotPasswordBodySchema,
} from '@ajar/shared/members/member-account.schemas';
import { Alert } from '../../../components/alert';
import { EmailField } from '../../../components/fields';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { check } from '../../../lib/form';
import { routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { GuestCard } from '../components/guest-card';

/** 'Lupa password': a reset link by e-mail; the answer never says whether the address is known. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useFormSubmit({
    validate: (values) => check(memberForgotPasswordBodySchema, values),
    action: authApi.forgotPassword,
    onDone: () => setSent(true),
  });

  return (
    <GuestCard title="Lupa password">
      {sent ? (
        <Alert tone="success">
          <p>{memberAccountMessages.resetSent}.</p>
          <p>Buka tautan di email tersebut untuk membuat password baru.</p>
        </Alert>
      ) : (
        <>
          <p className="muted">
            Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru.
          </p>
          <Form state={form} submitLabel="Kirim tautan">
            <EmailField error={form.errors.email} />
          </Form>
        </>
      )}
      <p className="center">
        <Link to={routePaths.masuk}>Kembali ke Masuk</Link>
      </p>
    </GuestCard>
  );
}
