import { Link, useLocation, useNavigate } from 'react-router';
import { passwordRule } from '@ajar/shared/auth/auth.schemas';
import { memberRegisterBodySchema } from '@ajar/shared/members/members.schemas';
import { EmailField, PhoneField } from '../../../components/fields';
import { DateField } from '../../../components/date-field';
import { TextField } from '../../../components/text-field';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { check } from '../../../lib/form';
import { afterSignInPath, routePaths } from '../../../routes/paths';
import { authApi } from '../api/auth-api';
import { ConsentCheckbox } from '../components/consent-checkbox';
import { GuestCard } from '../components/guest-card';

/** 'Daftar': a new participant's account; signed in at once, then on to 'Program Saya'. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useFormSubmit({
    // The consent box sends 'true' when ticked and nothing otherwise.
    validate: (values) =>
      check(memberRegisterBodySchema, { ...values, consent: values.consent === 'true' }),
    action: authApi.register,
    onDone: () => navigate(afterSignInPath(location.search), { replace: true }),
  });

  return (
    <GuestCard title="Daftar">
      <p className="muted">Buat akun untuk mengikuti program pelatihan Anda.</p>
      <Form state={form} submitLabel="Daftar">
        <TextField
          label="Nama Lengkap"
          name="fullname"
          autoComplete="name"
          error={form.errors.fullname}
        />
        <EmailField error={form.errors.email} />
        <PhoneField error={form.errors.phone} />
        <DateField
          label="Tanggal Lahir (opsional)"
          name="date_of_birth"
          autoComplete="bday"
          error={form.errors.date_of_birth}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={passwordRule.text}
          error={form.errors.password}
        />
        <ConsentCheckbox error={form.errors.consent} />
      </Form>
      <p className="center">
        Sudah punya akun? <Link to={routePaths.masuk + location.search}>Masuk</Link>
      </p>
    </GuestCard>
  );
}
