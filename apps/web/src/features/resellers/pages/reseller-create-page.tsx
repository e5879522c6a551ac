import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Typography,
} from '@mui/material';
import { messages } from '@ajar/shared/common/messages';
import { resellerMessages } from '@ajar/shared/resellers/resellers.constants';
import type { ResellerCreateBodyParsed } from '@ajar/shared/resellers/resellers.schemas';
import { pathTo } from '@/routes/paths';
import { useCreateReseller } from '../api/save-reseller';
import {
  createFormSchema,
  emptyResellerForm,
  ResellerFields,
  type ResellerFormValues,
} from '../components/reseller-fields';
import { applyServerErrors } from '../lib/server-errors';

/** Spec 01 §9: after adding, the list opens 3 seconds later. */
const redirectDelayMs = 3000;

/**
 * '/create-reseller' — 'Tambah Reseller' (spec 01 §2, §5): every field required, the WhatsApp
 * number starts with 62, the e-mail must look like one. A new reseller is active with gift
 * 'false' (spec 01 §9); the server makes the referral code.
 */
export function ResellerCreatePage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateReseller();
  const [saved, setSaved] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useForm<ResellerFormValues, unknown, ResellerCreateBodyParsed>({
    resolver: zodResolver(createFormSchema),
    defaultValues: emptyResellerForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const onValid = async (body: ResellerCreateBodyParsed) => {
    try {
      await create.mutateAsync({
        ...body,
        status: 'active',
        meta: { ...body.meta, gift: 'false' },
      });
      setSaved(true);
      enqueueSnackbar(resellerMessages.created, { variant: 'success' });
      redirect.current = setTimeout(() => navigate(pathTo('daftar-reseller')), redirectDelayMs);
    } catch (error) {
      enqueueSnackbar(applyServerErrors(error, form.setError), { variant: 'error' });
    }
  };
  const busy = form.formState.isSubmitting || saved;

  return (
    <Card
      component="form"
      noValidate
      aria-label="Tambah Reseller"
      onSubmit={(event) =>
        void form.handleSubmit(onValid, () =>
          enqueueSnackbar(messages.invalidForm, { variant: 'error' }),
        )(event)
      }
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          Data Reseller
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Kode referral dibuat otomatis setelah reseller disimpan.
        </Typography>
        <ResellerFields control={form.control} disabled={busy} />
      </CardContent>
      <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: 3, justifyContent: 'flex-end', gap: 1 }}>
        <Button
          component={RouterLink}
          to={pathTo('daftar-reseller')}
          color="inherit"
          disabled={busy}
        >
          Batal
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={
            form.formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : null
          }
        >
          Simpan
        </Button>
      </CardActions>
    </Card>
  );
}
