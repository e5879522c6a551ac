import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm, type FieldPath } from 'react-hook-form';
import { isProgramScoped } from '@ajar/shared/common/roles';
import {
  educationLevelFieldLabel,
  educationLevelLabels,
  educationLevels,
} from '@ajar/shared/members/members.constants';
import {
  participantFieldLabels as L,
  participantLimits,
  participantMessages,
} from '@ajar/shared/participants/participants.constants';
import {
  memberUpdateBodySchema,
  type MemberUpdateBody,
  type ParticipantMember,
} from '@ajar/shared/participants/participants.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { FormDateField } from '@/components/date-field';
import { FormTextField } from '@/components/form-text-field';
import { useLastDefined } from '@/hooks/use-last-defined';
import { useCurrentUser } from '@/hooks/use-session';
import { useMember, useUpdateMember } from '../api/member';
import { DialogSaveActions } from '@/components/dialog-save-actions';

export interface UpdateUserDialogProps {
  /** The member being edited; null keeps the dialog closed. */
  memberId: string | null;
  onClose: () => void;
}

/** Update User (spec 01 §2, §5): the phone is read-only, the birth date 1950-01-01..today. */
export function UpdateUserDialog({ memberId, onClose }: UpdateUserDialogProps) {
  const member = useMember(useLastDefined(memberId));
  return (
    <Dialog
      open={Boolean(memberId)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="update-user-title"
    >
      <DialogTitle id="update-user-title">Update User</DialogTitle>
      {member.isError ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(member.error)}</Alert>
        </DialogContent>
      ) : member.data ? (
        // Keyed so each opening starts from that member's stored data.
        <UpdateUserForm key={member.data.id} member={member.data} onClose={onClose} />
      ) : (
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        </DialogContent>
      )}
    </Dialog>
  );
}

type FormValues = MemberUpdateBody;

function UpdateUserForm({ member, onClose }: { member: ParticipantMember; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMember();
  // The e-mail is the participant's login: only an admin changes it (the server refuses others).
  const emailLocked = isProgramScoped(useCurrentUser().role.key);
  const form = useForm({
    resolver: zodResolver(memberUpdateBodySchema),
    defaultValues: {
      fullname: member.fullname,
      email: member.email,
      date_of_birth: member.date_of_birth ?? '',
      education_level: member.education_level ?? '',
      phone: member.phone ?? '',
      meta: { code: member.meta.code ?? '' },
    } satisfies FormValues,
  });
  const busy = update.isPending;

  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync({ id: member.id, body }).then(
      () => {
        enqueueSnackbar(participantMessages.memberUpdated, { variant: 'success' });
        onClose();
      },
      (error: unknown) => {
        const fields = error instanceof ApiError ? error.validation : undefined;
        if (fields && Object.keys(fields).length > 0) {
          for (const [name, message] of Object.entries(fields)) {
            form.setError(name as FieldPath<FormValues>, { message }, { shouldFocus: true });
          }
        } else {
          enqueueSnackbar(errorMessage(error), { variant: 'error' });
        }
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="fullname"
            label={L.fullname}
            required
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: participantLimits.fullname } }}
          />
          <FormTextField
            control={form.control}
            name="email"
            label={L.email}
            type="email"
            required
            disabled={busy}
            {...(emailLocked
              ? {
                  helperText: participantMessages.emailAdminOnly,
                  slotProps: { input: { readOnly: true }, htmlInput: { 'aria-readonly': true } },
                  sx: { '& .MuiInputBase-root': { bgcolor: 'action.hover' } },
                }
              : {})}
          />
          <FormTextField
            control={form.control}
            name="phone"
            label={L.phone}
            helperText="Nomor Whatsapp tidak dapat diubah"
            slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
            sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
          />
          <FormDateField
            control={form.control}
            name="date_of_birth"
            label={L.dateOfBirth}
            disabled={busy}
          />
          <FormTextField
            control={form.control}
            name="education_level"
            label={educationLevelFieldLabel}
            select
            disabled={busy}
          >
            <MenuItem value="">
              <em>Belum diisi</em>
            </MenuItem>
            {educationLevels.map((level) => (
              <MenuItem key={level} value={level}>
                {educationLevelLabels[level]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="meta.code"
            label={L.code}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: participantLimits.code } }}
          />
        </Stack>
      </DialogContent>
      <DialogSaveActions busy={busy} onCancel={onClose} />
    </Box>
  );
}
