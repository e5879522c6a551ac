import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { Box, Button, Card, CardContent, Divider, Stack, Tab, Tabs } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { messages } from '@ajar/shared/common/messages';
import { programMessages } from '@ajar/shared/programs/programs.constants';
import type { Study } from '@ajar/shared/studies/studies.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useCreateProgram } from '../api/create-program';
import { useCreateStudy } from '../api/create-study';
import { useStudies } from '../api/get-studies';
import { useUpdateProgram } from '../api/update-program';
import { ProgramDetailFields } from './program-detail-fields';
import { ProgramFacilitatorFields } from './program-facilitator-fields';
import {
  fieldTabs,
  formToProgramBody,
  otherStudyValue,
  programFormSchema,
  serverKeyToFormPath,
  type ProgramFormOutput,
  type ProgramFormValues,
} from './program-form.schema';
import { ProgramInformationFields } from './program-information-fields';

const tabs = ['Detail', 'Informasi Program', 'Fasilitator'] as const;
const lastTab = tabs.length - 1;
/** Spec 01 §9: after saving, the list opens 3 seconds later. */
const redirectDelayMs = 3000;

function tabsWithErrors(errors: FieldErrors<ProgramFormValues>): Set<number> {
  const found = new Set<number>();
  for (const key of Object.keys(errors)) {
    const tab = fieldTabs[key as keyof ProgramFormValues];
    if (tab !== undefined) found.add(tab);
  }
  return found;
}

/** The first field path with an error, depth first, to move the focus there. */
function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') return path;
    const nested = firstErrorPath(value as FieldErrors, path);
    if (nested) return nested;
  }
  return null;
}

export interface ProgramFormProps {
  /** Absent when adding a program. */
  programId?: string;
  defaultValues: ProgramFormValues;
  /** The program's study field (edit), kept as an option even when the list lacks it. */
  currentStudy?: Study | null;
}

/**
 * Add / edit program (spec 01 §2, §5): three tabs, Lanjut moves on, the last tab saves. An
 * invalid form says so and opens the first tab with an error. A 'Lainnya' study field is created
 * first and its id used. After saving, the list opens after 3 seconds.
 */
export function ProgramForm({ programId, defaultValues, currentStudy = null }: ProgramFormProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState(0);
  const [saved, setSaved] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  const studies = useStudies();
  const createStudy = useCreateStudy();
  const createProgram = useCreateProgram();
  const updateProgram = useUpdateProgram();
  const editing = Boolean(programId);

  const form = useForm<ProgramFormValues, unknown, ProgramFormOutput>({
    resolver: zodResolver(programFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Fields of hidden tabs cannot take the focus; it is moved after the tab opens (below).
    shouldFocusError: false,
  });
  const { control, handleSubmit, formState, setError, setFocus, getValues, setValue } = form;
  const errorTabs = formState.submitCount > 0 ? tabsWithErrors(formState.errors) : new Set();

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const showErrors = (errors: FieldErrors<ProgramFormValues>) => {
    const first = Math.min(...tabsWithErrors(errors));
    if (Number.isFinite(first)) setTab(first);
    const path = firstErrorPath(errors);
    // After the tab is shown, so the field is visible and focusable.
    if (path)
      setTimeout(() => {
        try {
          setFocus(path as FieldPath<ProgramFormValues>);
        } catch {
          // Fields without a focusable element (rich text, image) just stay where they are.
        }
      }, 50);
  };

  const onInvalid = (errors: FieldErrors<ProgramFormValues>) => {
    enqueueSnackbar(messages.invalidForm, { variant: 'error' });
    showErrors(errors);
  };

  const onValid = async (values: ProgramFormOutput) => {
    try {
      let study: { id: string; title?: string };
      if (values.study_id === otherStudyValue) {
        const created = await createStudy.mutateAsync({ title: values.study_other });
        study = { id: created.id, title: created.title };
        // The new field is now an ordinary choice; a second save must not create it again.
        form.setValue('study_id', created.id);
        form.setValue('study_other', '');
      } else {
        study = { id: values.study_id };
      }
      const body = formToProgramBody(values, study);
      if (programId) await updateProgram.mutateAsync({ id: programId, body });
      else await createProgram.mutateAsync(body);
      setSaved(true);
      enqueueSnackbar(editing ? programMessages.updated : programMessages.created, {
        variant: 'success',
      });
      redirect.current = setTimeout(() => navigate('/program'), redirectDelayMs);
    } catch (error) {
      if (error instanceof ApiError && error.validation) {
        const mapped: FieldErrors<ProgramFormValues> = {};
        for (const [key, message] of Object.entries(error.validation)) {
          const path = serverKeyToFormPath(key);
          if (!path) continue;
          setError(path as FieldPath<ProgramFormValues>, { type: 'server', message });
          const head = path.split('.')[0] as keyof ProgramFormValues;
          mapped[head] = { type: 'server', message };
        }
        const shown = Object.values(error.validation)[0];
        enqueueSnackbar(shown ?? errorMessage(error), { variant: 'error' });
        showErrors(mapped);
        return;
      }
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const submitting = formState.isSubmitting;

  // Enter in a one-line field would submit the whole form from any tab; only the button saves.
  const blockImplicitSubmit = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <Card
      component="form"
      noValidate
      onKeyDown={blockImplicitSubmit}
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      aria-label={editing ? 'Edit Program' : 'Tambah Program'}
    >
      {/* 'Batal', the breadcrumb and the menu ask before throwing edits away (not once saved). */}
      <UnsavedChangesGuard
        when={formState.isDirty && !submitting && !saved}
        message="Perubahan pada program ini belum disimpan. Tinggalkan halaman ini?"
      />
      <Tabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Bagian formulir program"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((label, index) => (
          <Tab
            key={label}
            label={label}
            id={`program-tab-${index}`}
            aria-controls={`program-tabpanel-${index}`}
            // Saved: the list opens shortly; nothing else can be done meanwhile.
            disabled={saved}
            icon={errorTabs.has(index) ? <ErrorOutlineIcon fontSize="small" /> : undefined}
            iconPosition="end"
            sx={
              errorTabs.has(index)
                ? { minHeight: 48, color: 'error.main', '&.Mui-selected': { color: 'error.main' } }
                : { minHeight: 48 }
            }
          />
        ))}
      </Tabs>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {/* All panels stay mounted so editors and uploads keep their state between tabs. */}
        {tabs.map((label, index) => (
          <Box
            key={label}
            role="tabpanel"
            id={`program-tabpanel-${index}`}
            aria-labelledby={`program-tab-${index}`}
            hidden={tab !== index}
          >
            {index === 0 && (
              <ProgramDetailFields
                control={control}
                studies={studies.data ?? []}
                studiesLoading={studies.isPending}
                currentStudy={currentStudy}
                onFreeChosen={() => {
                  // Harga Jual stays required for a free program; 0 is what it costs.
                  if (!getValues('selling_price')) setValue('selling_price', '0');
                }}
              />
            )}
            {index === 1 && <ProgramInformationFields control={control} />}
            {index === 2 && <ProgramFacilitatorFields control={control} />}
          </Box>
        ))}
      </CardContent>
      <Divider />
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ px: { xs: 2, sm: 3 }, py: 2, justifyContent: 'flex-end' }}
      >
        <Button
          color="inherit"
          variant="outlined"
          onClick={() => navigate('/program')}
          disabled={submitting || saved}
        >
          Batal
        </Button>
        {tab < lastTab ? (
          <Button
            key="next"
            type="button"
            variant="contained"
            onClick={() => setTab(tab + 1)}
            disabled={saved}
          >
            Lanjut
          </Button>
        ) : (
          <Button
            key="save"
            type="submit"
            variant="contained"
            loading={submitting}
            disabled={saved}
          >
            {editing ? 'Simpan Perubahan' : 'Simpan'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
