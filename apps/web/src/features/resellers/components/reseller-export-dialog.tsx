import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import {
  Autocomplete,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { resellerMessages } from '@ajar/shared/resellers/resellers.constants';
import {
  resellersExportBodySchema,
  resellersExportQuerySchema,
  type Reseller,
  type ResellersExportQuery,
} from '@ajar/shared/resellers/resellers.schemas';
import { errorMessage } from '@/api/http';
import { ExportDateRange, exportDateErrors } from '@/components/export-date-range';
import { useFileOrJobReply } from '@/lib/jobs';
import { useExportResellers } from '../api/export-reseller-users';
import { useResellerOptions } from '../api/get-resellers';

export interface ResellerExportDialogProps {
  open: boolean;
  onClose: () => void;
}

type FieldErrors = Partial<Record<'referral_code' | 'start_date' | 'end_date', string>>;

interface FormState {
  resellers: Reseller[];
  startDate: string;
  endDate: string;
}

const initialState: FormState = { resellers: [], startDate: '', endDate: '' };

const toQuery = (state: FormState): ResellersExportQuery => ({
  limit: -1,
  page: 1,
  start_date: state.startDate || undefined,
  end_date: state.endDate || undefined,
});

/** The shared schemas' messages, so the dialog says what the server would say. */
function validate(state: FormState): FieldErrors {
  const errors: FieldErrors = {};
  const body = resellersExportBodySchema.safeParse({
    referral_code: state.resellers.map((r) => r.referral.code),
  });
  if (!body.success) errors.referral_code = body.error.issues[0]?.message;
  const query = resellersExportQuerySchema.safeParse(toQuery(state));
  if (!query.success) Object.assign(errors, exportDateErrors(query.error.issues));
  return errors;
}

const unchecked = <CheckBoxOutlineBlankIcon fontSize="small" />;
const checked = <CheckBoxIcon fontSize="small" />;

/**
 * Export of the reseller list (spec 01 §5, §7): resellers picked from the whole list (limit=-1)
 * and a redeem date range 1950-01-01..today; the file downloads and 'Successfully export data'
 * shows, or past 10,000 rows a job makes it: 'Sedang diproses, lihat di Unduhan' and the dialog
 * closes at once.
 */
export function ResellerExportDialog({ open, onClose }: ResellerExportDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const options = useResellerOptions(open);
  const mutation = useExportResellers();
  const fileOrJob = useFileOrJobReply();
  const [state, setState] = useState<FormState>(initialState);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setState(initialState);
      setErrors({});
    }
  }, [open]);
  // The provider's calendar day (WIB), as the server reads the dates, not the browser's.
  // A field's message goes as soon as the choice changes; Export checks again.
  const change = (patch: Partial<FormState>) => {
    setState((s) => ({ ...s, ...patch }));
    setErrors({});
  };
  const close = () => {
    if (!mutation.isPending) onClose();
  };

  const submit = async () => {
    const found = validate(state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const reply = await mutation.mutateAsync({
        codes: state.resellers.map((r) => r.referral.code),
        query: toQuery(state),
      });
      fileOrJob(reply, resellerMessages.exported);
      onClose();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="reseller-export-title"
    >
      <DialogTitle id="reseller-export-title">Export Pengguna Reseller</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Autocomplete<Reseller, true, false, false>
            multiple
            disableCloseOnSelect
            limitTags={3}
            options={options.data ?? []}
            loading={options.isPending}
            value={state.resellers}
            onChange={(_event, value) => change({ resellers: value })}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(r) => `${r.fullname} (${r.referral.code})`}
            noOptionsText="Tidak ada reseller"
            loadingText="Memuat reseller…"
            openText="Buka"
            closeText="Tutup"
            clearText="Hapus semua reseller"
            renderOption={(props, option, { selected }) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  <Checkbox
                    icon={unchecked}
                    checkedIcon={checked}
                    checked={selected}
                    sx={{ mr: 1 }}
                  />
                  {option.fullname} ({option.referral.code})
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Reseller"
                placeholder={state.resellers.length ? undefined : 'Cari reseller'}
                error={Boolean(errors.referral_code)}
                helperText={errors.referral_code ?? options.error?.message}
              />
            )}
          />
          <ExportDateRange
            value={state}
            errors={errors}
            onChange={(key, value) => change({ [key]: value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={mutation.isPending} color="inherit">
          Batal
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
