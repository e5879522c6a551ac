import { Controller, useFieldArray } from 'react-hook-form';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { programFieldLimits } from '@ajar/shared/programs/programs.constants';
import { FormTextField } from '@/components/form-text-field';
import { ImageUpload } from '@/components/image-upload';
import { RichTextEditor } from '@/components/rich-text-editor';
import { emptyFacilitator, type ProgramFormControl } from './program-form.schema';
import { TrainerAccountField } from './trainer-account-field';
import { useCan } from '@/hooks/use-session';

/**
 * Tab 'Fasilitator': a list of facilitators, each with a name, an optional trainer account
 * ('Akun trainer', which assigns that trainer to the program), a description and a photo.
 */
export function ProgramFacilitatorFields({ control }: { control: ProgramFormControl }) {
  // react-hook-form's own row key must not overwrite the facilitator's `id`.
  const facilitators = useFieldArray({ control, name: 'fasilitator', keyName: 'key' });
  // Linking a trainer account is a staff decision of the superadmin; the server keeps the stored
  // links for anyone else.
  const mayLinkTrainers = useCan('users.manage');

  return (
    <Stack spacing={2.5}>
      {facilitators.fields.length === 0 && (
        <Stack
          alignItems="center"
          spacing={1}
          sx={{
            py: 5,
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
            color: 'text.secondary',
          }}
        >
          <PersonOutlineIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
          <Typography>Belum ada fasilitator</Typography>
        </Stack>
      )}
      {facilitators.fields.map((item, index) => (
        <Card key={item.key} component="section" aria-label={`Fasilitator ${index + 1}`}>
          <CardHeader
            title={`Fasilitator ${index + 1}`}
            slotProps={{ title: { variant: 'subtitle1', component: 'h3' } }}
            action={
              <Tooltip title="Hapus fasilitator">
                <IconButton
                  aria-label={`Hapus fasilitator ${index + 1}`}
                  color="error"
                  onClick={() => facilitators.remove(index)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            }
            sx={{ pb: 0 }}
          />
          <CardContent>
            <Grid container spacing={2.5}>
              <Grid size={12}>
                <FormTextField
                  control={control}
                  name={`fasilitator.${index}.name`}
                  label="Nama fasilitator"
                  required
                />
              </Grid>
              <Grid size={12}>
                <Controller
                  control={control}
                  name={`fasilitator.${index}.user_id`}
                  render={({ field, fieldState }) => (
                    <TrainerAccountField
                      value={field.value ?? null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={
                        fieldState.error?.message ??
                        (mayLinkTrainers
                          ? undefined
                          : 'Hanya Super Admin yang dapat mengubah akun trainer.')
                      }
                      disabled={!mayLinkTrainers}
                    />
                  )}
                />
              </Grid>
              <Grid size={12}>
                <Controller
                  control={control}
                  name={`fasilitator.${index}.description`}
                  render={({ field, fieldState }) => (
                    <RichTextEditor
                      label="Deskripsi"
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      minHeight={110}
                      maxHeight={280}
                      placeholder="Profil singkat fasilitator"
                    />
                  )}
                />
              </Grid>
              <Grid size={12}>
                <Controller
                  control={control}
                  name={`fasilitator.${index}.picture`}
                  render={({ field, fieldState }) => (
                    <ImageUpload
                      label="Foto"
                      value={field.value ?? null}
                      onChange={field.onChange}
                      fileName="fasilitator.jpg"
                      title="Foto Fasilitator"
                      successMessage="Sukses Upload Fasilitator"
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      previewWidth={160}
                      previewHeight={160}
                    />
                  )}
                />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
      ))}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => facilitators.append(emptyFacilitator())}
          disabled={facilitators.fields.length >= programFieldLimits.facilitators}
        >
          Tambah Fasilitator
        </Button>
      </Box>
    </Stack>
  );
}
