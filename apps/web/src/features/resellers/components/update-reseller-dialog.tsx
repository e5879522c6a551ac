import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Skeleton, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { messages } from '@ajar/shared/common/messages';
import { resellerMessages } from '@ajar/shared/resellers/resellers.constants';
import {
  type Reseller,
  type ResellerUpdateBodyParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import { errorMessage } from '@/api/http';
import { useLastDefined } from '@/hooks/use-last-defined';
import { useReseller } from '../api/get-resellers';
import { useUpdateReseller } from '../api/save-reseller';
import { applyServerErrors } from '../lib/server-errors';
import { ResellerFields, updateFormSchema, type ResellerFormValues } from './reseller-fields';
import { DialogSaveActions } from '@/components/dialog-save-actions';

export interface UpdateResellerDialogProps {
  /** The reseller being edited; null keeps the dialog closed. */
  resellerId: string | null;
  onClose: () => void;
}

/** 'Update Reseller' (spec 01 §2, §5): the e-mail is read-only; the status is sent as active. */
export function UpdateResellerDialog({ resellerId, onClose }: UpdateResellerDialogProps) {
  const reseller = useReseller(useLastDefined(resellerId));
  return (
    <Dialog
      open={Boolean(resellerId)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="update-reseller-title"
    >
      <DialogTitle id="update-reseller-title">Update Reseller</DialogTitle>
      {reseller.isError ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(reseller.error)}</Alert>
        </DialogContent>
      ) : reseller.data ? (
        // Keyed so each opening starts from that reseller's stored data.
        <UpdateResellerForm key={reseller.data.id} reseller={reseller.data} onClose={onClose} />
      ) : (
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        </DialogContent>
      )}
    </Dialog>
  );
}

function UpdateResellerForm({ reseller, onClose }: { reseller: Reseller; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateReseller();
  const form = useForm<ResellerFormValues, unknown, ResellerUpdateBodyParsed>({
    resolver: zodResolver(updateFormSchema),
    defaultValues: {
      fullname: reseller.fullname,
      email: reseller.email,
      phone: reseller.phone,
      password: '',
      meta: {
        domicile: reseller.meta.domicile,
        whatsapp_number: reseller.meta.whatsapp_number,
        commission_provider: reseller.meta.commission_provider,
      },
    },
  });
  const busy = form.formState.isSubmitting;

  const onValid = async (body: ResellerUpdateBodyParsed) => {
    try {
      await update.mutateAsync({
        id: reseller.id,
        body: { ...body, status: 'active', meta: { ...body.meta, gift: reseller.meta.gift } },
      });
      enqueueSnackbar(resellerMessages.updated, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(applyServerErrors(error, form.setError), { variant: 'error' });
    }
  };

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
        <Box sx={{ pt: 1 }}>
          <ResellerFields control={form.control} disabled={busy} editing />
        </Box>
      </DialogContent>
      <DialogSaveActions busy={busy} onCancel={onClose} />
    </Box>
  );
}
