import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  exportFieldLabels,
  exportKindLabels,
  exportMessages,
  exportProgressOptions,
  exportSortFields,
  exportSortLabels,
  type ExportKind,
  type ExportProgressKey,
  type ExportSortField,
} from '@ajar/shared/exports/exports.constants';
import {
  memberRedeemExportBodySchema,
  memberRedeemExportQuerySchema,
  type MemberRedeemExportQuery,
} from '@ajar/shared/exports/exports.schemas';
import { ExportDateRange, exportDateErrors } from '@/components/export-date-range';
import { useFileOrJobReply } from '@/lib/jobs';
import { useExportParticipants } from '../api/export-participants';
import { useExportProgramOptions, type ProgramOption } from '../api/get-grading-programs';
import { exportErrorMessage } from '../lib/export-error';

export interface ExportDialogProps {
  /** The export the menu chose; null keeps the dialog closed. */
  kind: ExportKind | null;
  onClose: () => void;
}

interface FormState {
  programs: ProgramOption[];
  startDate: string;
  endDate: string;
  progress: ExportProgressKey;
  sort: ExportSortField;
}

const initialState: FormState = {
  programs: [],
  startDate: '',
  endDate: '',
  progress: 'all',
  sort: 'created_at',
};

type FieldErrors = Partial<Record<'id' | 'start_date' | 'end_date', string>>;

const fieldOf: Partial<Record<keyof FormState, keyof FieldErrors>> = {
  programs: 'id',
  startDate: 'start_date',
  endDate: 'end_date',
};

function toQuery(state: FormState): MemberRedeemExportQuery {
  const progress = exportProgressOptions.find((o) => o.key === state.progress)!;
  return {
    // The dialog's one date choice both sorts and picks the date the range applies to (spec 01 §7).
    sort: state.sort,
    range_date_type: state.sort,
    limit: -1,
    progress_start: progress.start,
    progress_end: progress.end,
    start_date: state.startDate || undefined,
    end_date: state.endDate || undefined,
  };
}

/** Field messages of the shared schemas, so the dialog says what the server would say. */
function validate(state: FormState): FieldErrors {
  const errors: FieldErrors = {};
  const body = memberRedeemExportBodySchema.safeParse({ id: state.programs.map((p) => p.id) });
  if (!body.success) errors.id = body.error.issues[0]?.message;
  const query = memberRedeemExportQuerySchema.safeParse(toQuery(state));
  if (!query.success) Object.assign(errors, exportDateErrors(query.error.issues));
  return errors;
}

const unchecked = <CheckBoxOutlineBlankIcon fontSize="small" />;
const checked = <CheckBoxIcon fontSize="small" />;

/**
 * The export dialog of the grading list (spec 01 §5, §7, §9): programs, a date range
 * (1950-01-01..today), progress All / 100%, and the date to sort by. On success the browser
 * downloads the file and 'Successfully export data' shows; a failure shows the server message.
 */
export function ExportDialog({ kind, onClose }: ExportDialogProps) {
  const open = kind !== null;
  const { enqueueSnackbar } = useSnackbar();
  const fileOrJob = useFileOrJobReply();
  const options = useExportProgramOptions(open);
  const mutation = useExportParticipants();
  const [state, setState] = useState<FormState>(initialState);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The last kind stays while the dialog fades out, so its title does not change mid-animation.
  const [shownKind, setShownKind] = useState<ExportKind>('member_redeem');
  useEffect(() => {
    if (kind) {
      setShownKind(kind);
      setState(initialState);
      setErrors({});
    }
  }, [kind]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    // A field's message goes once the user changes it; the next Export checks again.
    const field = fieldOf[key];
    if (field) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const allOptions = options.data ?? [];
  const allChosen = allOptions.length > 0 && state.programs.length === allOptions.length;

  const submit = async () => {
    const found = validate(state);
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind) return;
    try {
      const data = await mutation.mutateAsync({
        kind,
        programIds: state.programs.map((p) => p.id),
        query: toQuery(state),
      });
      fileOrJob(data, exportMessages.exported);
      onClose();
    } catch (error) {
      enqueueSnackbar(exportErrorMessage(error), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="export-dialog-title"
    >
      <DialogTitle id="export-dialog-title">{exportKindLabels[shownKind]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Box>
            <Autocomplete<ProgramOption, true, false, false>
              multiple
              disableCloseOnSelect
              limitTags={3}
              options={allOptions}
              loading={options.isPending}
              value={state.programs}
              onChange={(_event, value) => set('programs', value)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(o) => o.title}
              noOptionsText="Tidak ada program"
              loadingText="Memuat program…"
              openText="Buka"
              closeText="Tutup"
              clearText="Hapus semua program"
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
                    {option.title}
                  </li>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={exportFieldLabels.programs}
                  placeholder={state.programs.length ? undefined : 'Cari program'}
                  error={Boolean(errors.id)}
                  helperText={errors.id ?? options.error?.message}
                  InputProps={{
                    ...params.InputProps,
                    endAdornment: (
                      <>
                        {options.isPending && open ? <CircularProgress size={18} /> : null}
                        {params.InputProps.endAdornment}
                      </>
                    ),
                  }}
                />
              )}
            />
            {allOptions.length > 1 && (
              <Link
                component="button"
                type="button"
                variant="body2"
                underline="hover"
                sx={{ mt: 0.75 }}
                onClick={() => set('programs', allChosen ? [] : allOptions)}
              >
                {allChosen ? 'Kosongkan pilihan' : `Pilih semua program (${allOptions.length})`}
              </Link>
            )}
          </Box>

          <ExportDateRange value={state} errors={errors} onChange={set} />

          <FormControl>
            <FormLabel id="export-progress-label">Progress</FormLabel>
            <RadioGroup
              row
              aria-labelledby="export-progress-label"
              value={state.progress}
              onChange={(event) => set('progress', event.target.value as ExportProgressKey)}
            >
              {exportProgressOptions.map((o) => (
                <FormControlLabel key={o.key} value={o.key} control={<Radio />} label={o.label} />
              ))}
            </RadioGroup>
          </FormControl>

          <FormControl>
            <FormLabel id="export-sort-label">Urutkan dan saring tanggal berdasarkan</FormLabel>
            <RadioGroup
              row
              aria-labelledby="export-sort-label"
              value={state.sort}
              onChange={(event) => set('sort', event.target.value as ExportSortField)}
            >
              {exportSortFields.map((field) => (
                <FormControlLabel
                  key={field}
                  value={field}
                  control={<Radio />}
                  label={exportSortLabels[field]}
                />
              ))}
            </RadioGroup>
          </FormControl>
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
