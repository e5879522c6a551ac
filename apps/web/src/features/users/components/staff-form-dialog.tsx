import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Dialog, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useController, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { passwordRule } from '@ajar/shared/auth/auth.schemas';
import { messages } from '@ajar/shared/common/messages';
import { roleKeys, roleNames, type RoleKey } from '@ajar/shared/common/roles';
import {
  staffCreatableRoles,
  staffFieldLabels as L,
  staffMessages,
} from '@ajar/shared/users/users.constants';
import {
  staffCreateBodySchema,
  staffUpdateBodySchema,
  type StaffAccount,
} from '@ajar/shared/users/users.schemas';
import { FormPasswordField, FormTextField } from '@/components/form-text-field';
import { useCreateStaff, useUpdateStaff } from '../api/save-staff';
import { applyServerErrors } from '../lib/server-errors';
import { DialogSaveActions } from '@/components/dialog-save-actions';

const formShape = z.object({
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  password: z.string(),
});
type StaffFormValues = z.input<typeof formShape>;
const formFields = ['fullname', 'email', 'phone', 'role', 'password'] as const;

/** The form's text checked by a shared body schema: its messages land on the same fields. */
function checkedBy<S extends z.ZodType>(schema: S) {
  return formShape.transform((values, ctx): z.output<S> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}
const createFormSchema = checkedBy(staffCreateBodySchema);
const updateFormSchema = checkedBy(staffUpdateBodySchema);
type CreateBody = z.output<typeof createFormSchema>;
type UpdateBody = z.output<typeof updateFormSchema>;
type Body = CreateBody | UpdateBody;

export interface StaffFormDialogProps {
  open: boolean;
  /** The account being edited; none for 'Pengguna Baru'. */
  account?: StaffAccount | null;
  onClose: () => void;
}

/**
 * 'Pengguna Baru' (an admin or trainer with a first password) and 'Edit Pengguna' (name, e-mail,
 * phone, role; the password is changed through a reset link instead).
 */
export function StaffFormDialog({ open, account, onClose }: StaffFormDialogProps) {
  const editing = Boolean(account);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="staff-form-title"
    >
      <DialogTitle id="staff-form-title">{editing ? 'Edit Pengguna' : 'Pengguna Baru'}</DialogTitle>
      {/* Keyed so each opening starts from that account's stored data (or empty). */}
      {open && <StaffForm key={account?.id ?? 'new'} account={account ?? null} onClose={onClose} />}
    </Dialog>
  );
}

function StaffForm({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const form = useForm<StaffFormValues, unknown, Body>({
    resolver: zodResolver(account ? updateFormSchema : createFormSchema),
    defaultValues: {
      fullname: account?.fullname ?? '',
      email: account?.email ?? '',
      phone: account?.phone ?? '',
      role: account?.role.key ?? '',
      password: '',
    },
  });
  const busy = form.formState.isSubmitting;

  const onValid = async (body: Body) => {
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, body: body as UpdateBody });
        enqueueSnackbar(staffMessages.updated, { variant: 'success' });
      } else {
        await create.mutateAsync(body as CreateBody);
        enqueueSnackbar(staffMessages.created, { variant: 'success' });
      }
      onClose();
    } catch (error) {
      enqueueSnackbar(applyServerErrors(error, form.setError, formFields), { variant: 'error' });
    }
  };

  const roles: readonly RoleKey[] = account ? roleKeys : staffCreatableRoles;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(onValid, () =>
          enqueueSnackbar(messages.invalidForm, { variant: 'error' }),
        )(event)
      }
    >
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormTextField
            control={form.control}
            name="fullname"
            label={L.fullname}
            required
            disabled={busy}
            autoFocus
          />
          <FormTextField
            control={form.control}
            name="email"
            label={L.email}
            type="email"
            required
            disabled={busy}
          />
          <FormTextField
            control={form.control}
            name="phone"
            label={L.phone}
            disabled={busy}
            helperText="Opsional, contoh 6281234567890"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <RoleSelect control={form.control} roles={roles} disabled={busy} />
          {!account && (
            <FormPasswordField
              control={form.control}
              name="password"
              label={L.password}
              required
              disabled={busy}
              autoComplete="new-password"
              helperText={passwordRule.text}
            />
          )}
        </Box>
      </DialogContent>
      <DialogSaveActions busy={busy} onCancel={onClose} />
    </Box>
  );
}

function RoleSelect({
  control,
  roles,
  disabled,
}: {
  control: Control<StaffFormValues, unknown, Body>;
  roles: readonly RoleKey[];
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ name: 'role', control });
  return (
    <TextField
      select
      label={L.role}
      required
      disabled={disabled}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleNames[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
