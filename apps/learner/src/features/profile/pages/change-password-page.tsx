import { useState } from 'react';
import {
  memberAccountMessages,
  memberUpdatePasswordBodySchema,
} from '@ajar/shared/members/member-account.schemas';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { NewPasswordFields } from '../../../components/password-fields';
import { TextField } from '../../../components/text-field';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { confirmPassword } from '../../../lib/confirm-password';
import { check } from '../../../lib/form';
import { routePaths } from '../../../routes/paths';
import { profileApi } from '../api/profile-api';

/** 'Ubah password': the old one and a new one (other sessions of the member end). */
export function ChangePasswordPage() {
  const [saved, setSaved] = useState(false);
  const form = useFormSubmit({
    validate: (values) => {
      setSaved(false);
      return confirmPassword(check(memberUpdatePasswordBodySchema, values), values);
    },
    action: profileApi.updatePassword,
    onDone: (_result, form) => {
      form.reset();
      setSaved(true);
    },
  });

  return (
    <Page title="Ubah password" back={routePaths.profil}>
      <Card className="stack">
        {saved && <Alert tone="success">{memberAccountMessages.passwordUpdated}</Alert>}
        <Form state={form} submitLabel="Simpan password">
          <TextField
            label="Password lama"
            name="old_password"
            type="password"
            autoComplete="current-password"
            error={form.errors.old_password}
          />
          <NewPasswordFields errors={form.errors} label="Password baru" />
        </Form>
      </Card>
    </Page>
  );
}
