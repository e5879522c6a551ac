import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  certificateTemplateLabels,
  priceLabels,
  programFieldLimits,
  programTypeLabels,
  programTypes,
} from '@ajar/shared/programs/programs.constants';
import {
  certificateValidities,
  certificateValidityLabel,
  certificateValidityLabels,
} from '@ajar/shared/certificates/certificates.constants';
import { otherStudyTitle, type Study } from '@ajar/shared/studies/studies.schemas';
import { FormTextField } from '@/components/form-text-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { otherStudyValue, type ProgramFormControl } from './program-form.schema';

interface ProgramDetailFieldsProps {
  control: ProgramFormControl;
  studies: Study[];
  studiesLoading: boolean;
  /** The program's current study field, kept as an option even if the list lacks it. */
  currentStudy: Study | null;
  /** Called when 'Free' is chosen (the form fills an empty Harga Jual with 0). */
  onFreeChosen: () => void;
}

/** Tab 'Detail': title, type, description, study field, competences, certificate and price kind. */
export function ProgramDetailFields({
  control,
  studies,
  studiesLoading,
  currentStudy,
  onFreeChosen,
}: ProgramDetailFieldsProps) {
  const studyId = useWatch({ control, name: 'study_id' });
  const competences = useFieldArray({ control, name: 'competence' });

  // The server keeps a row named 'Lainnya' (the legacy placeholder); here 'Lainnya' is the
  // choice that asks for a new name, so that row is not offered as an ordinary field.
  const options = studies.filter(
    (s) => s.title.toLowerCase() !== otherStudyTitle.toLowerCase() || s.id === currentStudy?.id,
  );
  if (currentStudy && !options.some((s) => s.id === currentStudy.id)) options.push(currentStudy);

  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 8 }}>
        <FormTextField control={control} name="title" label="Judul Program" required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Controller
          control={control}
          name="type"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Tipe program"
              {...field}
              value={field.value ?? 'online'}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {programTypes.map((t) => (
                <MenuItem key={t} value={t}>
                  {programTypeLabels[t]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="program_benefits"
          render={({ field, fieldState }) => (
            <RichTextEditor
              label="Deskripsi program"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              placeholder="Tuliskan deskripsi dan manfaat program"
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="study_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Bidang studi"
              required
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ?? (studiesLoading ? 'Memuat bidang studi…' : ' ')
              }
            >
              {options.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.title}
                </MenuItem>
              ))}
              <MenuItem value={otherStudyValue}>{otherStudyTitle}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      {studyId === otherStudyValue && (
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="study_other"
            label="Nama bidang studi baru"
            required
            autoFocus
            helperText="Bidang studi baru dibuat saat program disimpan"
          />
        </Grid>
      )}

      <Grid size={12}>
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" required sx={{ mb: 1, fontSize: 14 }}>
            Kompetensi
          </FormLabel>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {competences.fields.map((item, index) => (
              <Stack key={item.id} direction="row" spacing={1} alignItems="flex-start">
                <FormTextField
                  control={control}
                  name={`competence.${index}.value`}
                  label={`Kompetensi ${index + 1}`}
                  size="small"
                />
                <Tooltip title="Hapus kompetensi">
                  <span>
                    <IconButton
                      aria-label={`Hapus kompetensi ${index + 1}`}
                      onClick={() => competences.remove(index)}
                      disabled={competences.fields.length <= 1}
                      sx={{ mt: 0.25 }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            ))}
          </Stack>
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => competences.append({ value: '' })}
              disabled={competences.fields.length >= programFieldLimits.competences}
              sx={{ mt: 1 }}
            >
              Tambah Kompetensi
            </Button>
          </Box>
        </FormControl>
      </Grid>

      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="is_prakerja"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ fontSize: 14 }}>
                Kategori program
              </FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value ? 'prakerja' : 'umum'}
                onChange={(event) => field.onChange(event.target.value === 'prakerja')}
              >
                <FormControlLabel
                  value="prakerja"
                  control={<Radio />}
                  label={certificateTemplateLabels.prakerja}
                />
                <FormControlLabel
                  value="umum"
                  control={<Radio />}
                  label={certificateTemplateLabels.umum}
                />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="is_free"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ fontSize: 14 }}>
                Biaya program
              </FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value ? 'free' : 'paid'}
                onChange={(event) => {
                  const free = event.target.value === 'free';
                  field.onChange(free);
                  if (free) onFreeChosen();
                }}
              >
                <FormControlLabel value="free" control={<Radio />} label={priceLabels.free} />
                <FormControlLabel value="paid" control={<Radio />} label={priceLabels.paid} />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="certificate_validity"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ fontSize: 14 }}>
                {certificateValidityLabel}
              </FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {certificateValidities.map((v) => (
                  <FormControlLabel
                    key={v}
                    value={v}
                    control={<Radio />}
                    label={certificateValidityLabels[v]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </Grid>
    </Grid>
  );
}
