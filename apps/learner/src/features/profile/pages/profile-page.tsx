import {
  educationLevelFieldLabel,
  educationLevelLabels,
  educationLevels,
} from '@ajar/shared/members/members.constants';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  memberAccountMessages,
  memberProfileUpdateBodySchema,
} from '@ajar/shared/members/member-account.schemas';
import type { MemberProfile } from '@ajar/shared/members/members.schemas';
import { Alert } from '../../../components/alert';
import { Button, LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { PhoneField } from '../../../components/fields';
import { TextField } from '../../../components/text-field';
import { Form } from '../../../components/form';
import { SelectField } from '../../../components/select-field';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { useSession } from '../../../hooks/use-session';
import { check } from '../../../lib/form';
import { routePaths } from '../../../routes/paths';
import { signOut } from '../../../api/sign-out';
import { profileApi, profileQuery } from '../api/profile-api';
import { PushSwitch } from '../../notifications/components/push-switch';
import { ReminderSwitch } from '../../agenda/components/reminder-switch';
import { DataExportCard } from '../components/data-export-card';
import { DataSaverSwitch } from '../components/data-saver-switch';
import { DeleteAccountCard } from '../components/delete-account-card';
import { ProfilePhoto } from '../components/profile-photo';
import { SavedFilesCard } from '../components/saved-files-card';

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const [saved, setSaved] = useState(false);
  const form = useFormSubmit({
    validate: (values) => {
      setSaved(false);
      return check(memberProfileUpdateBodySchema, values);
    },
    action: profileApi.update,
    onDone: () => setSaved(true),
  });
  return (
    <div className="stack">
      <h2>Data diri</h2>
      {saved && <Alert tone="success">{memberAccountMessages.profileUpdated}</Alert>}
      <Form state={form} submitLabel="Simpan">
        <TextField
          label="Nama Lengkap"
          name="fullname"
          autoComplete="name"
          defaultValue={profile.fullname}
          error={form.errors.fullname}
        />
        <PhoneField error={form.errors.phone} defaultValue={profile.phone ?? ''} />
        <SelectField
          label={educationLevelFieldLabel}
          name="education_level"
          emptyLabel="Belum diisi"
          options={educationLevels.map((value) => ({ value, label: educationLevelLabels[value] }))}
          defaultValue={profile.education_level ?? ''}
          error={form.errors.education_level}
        />
      </Form>
    </div>
  );
}

/** 'Profil': photo, name and phone, the way to change the password, and 'Keluar'. */
export function ProfilePage() {
  const navigate = useNavigate();
  const session = useSession();
  const profile = useQuery(profileQuery);
  // What the phone knows from the sign-in until the server answers (or while offline).
  const member = profile.data ?? session?.member;
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    await signOut();
    navigate(routePaths.masuk, { replace: true });
  }

  return (
    <Page title="Profil">
      {member ? (
        <>
          <Card>
            <ProfilePhoto profile={member} />
          </Card>
          <Card>
            <ProfileForm
              key={member.fullname + member.phone + (member.education_level ?? '')}
              profile={member}
            />
          </Card>
        </>
      ) : (
        <PageLoading />
      )}
      <Card>
        <PushSwitch variant="switch" />
      </Card>
      <Card>
        <ReminderSwitch />
      </Card>
      <Card>
        <DataSaverSwitch />
      </Card>
      <SavedFilesCard />
      <DataExportCard />
      <Card className="stack">
        <h2>Keamanan</h2>
        <LinkButton to={routePaths['ubah-password']} variant="secondary" block>
          Ubah password
        </LinkButton>
        <Button variant="danger" block busy={leaving} onClick={() => void leave()}>
          Keluar
        </Button>
      </Card>
      <DeleteAccountCard />
    </Page>
  );
}
