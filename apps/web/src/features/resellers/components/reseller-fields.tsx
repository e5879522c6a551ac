import { Box } from '@mui/material';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import {
  resellerFieldLabels as L,
  resellerLimits,
  resellerMessages,
} from '@ajar/shared/resellers/resellers.constants';
import {
  resellerCreateBodySchema,
  resellerUpdateBodySchema,
} from '@ajar/shared/resellers/resellers.schemas';
import { FormPasswordField, FormTextField } from '@/components/form-text-field';

/** What the add form and the edit dialog both hold (the dialog leaves the password empty). */
const formShape = z.object({
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
  meta: z.object({
    domicile: z.string(),
    whatsapp_number: z.string(),
    commission_provider: z.string(),
  }),
});
export type ResellerFormValues = z.input<typeof formShape>;

/**
 * The form's text checked by a shared body schema: its messages land on the same field paths,
 * and the parsed body is what the form submits.
 */
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

/** The add form: the shared create schema. */
export const createFormSchema = checkedBy(resellerCreateBodySchema);
/** The edit dialog: the shared update schema (it drops the unused password). */
export const updateFormSchema = checkedBy(resellerUpdateBodySchema);

export const emptyResellerForm: ResellerFormValues = {
  fullname: '',
  email: '',
  phone: '',
  password: '',
  meta: { domicile: '', whatsapp_number: '', commission_provider: '' },
};

export interface ResellerFieldsProps<TOut> {
  control: Control<ResellerFormValues, unknown, TOut>;
  disabled: boolean;
  /** The edit dialog: the e-mail is read-only and there is no password (spec 01 §5). */
  editing?: boolean;
}

/** The reseller's fields of spec 01 §5, in two columns on wide screens. */
export function ResellerFields<TOut>({
  control,
  disabled,
  editing = false,
}: ResellerFieldsProps<TOut>) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: editing ? '1fr' : '1fr 1fr' },
      }}
    >
      <FormTextField
        control={control}
        name="fullname"
        label={L.fullname}
        required
        disabled={disabled}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: resellerLimits.fullname } }}
      />
      <FormTextField
        control={control}
        name="email"
        label={L.email}
        type="email"
        required={!editing}
        disabled={disabled && !editing}
        autoComplete="off"
        helperText={editing ? 'E-mail tidak dapat diubah' : undefined}
        slotProps={
          editing ? { input: { readOnly: true }, htmlInput: { 'aria-readonly': true } } : undefined
        }
        sx={editing ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
      />
      <FormTextField
        control={control}
        name="meta.domicile"
        label={L.domicile}
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: resellerLimits.domicile } }}
      />
      <FormTextField
        control={control}
        name="meta.whatsapp_number"
        label={L.whatsapp}
        required
        disabled={disabled}
        placeholder="6281234567890"
        helperText={resellerMessages.whatsappHint}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
      />
      <FormTextField
        control={control}
        name="meta.commission_provider"
        label={L.commissionProvider}
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: resellerLimits.commissionProvider } }}
      />
      <FormTextField
        control={control}
        name="phone"
        label={L.phone}
        required
        disabled={disabled}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
      />
      {!editing && (
        <FormPasswordField
          control={control}
          name="password"
          label={L.password}
          required
          disabled={disabled}
          autoComplete="new-password"
        />
      )}
    </Box>
  );
}
