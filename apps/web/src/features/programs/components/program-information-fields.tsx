import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import {
  Box,
  Button,
  FormControl,
  FormLabel,
  Grid,
  IconButton,
  Stack,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  programFieldLimits,
  programMessages,
  showDiscountHint,
} from '@ajar/shared/programs/programs.constants';
import { FormTextField } from '@/components/form-text-field';
import { ImageUpload } from '@/components/image-upload';
import type { ProgramFormControl } from './program-form.schema';
import { RupiahField } from './rupiah-field';

function digitsOrNull(value: unknown): number | null {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}

/** Tab 'Informasi Program': cover, prices and the sales links. */
export function ProgramInformationFields({ control }: { control: ProgramFormControl }) {
  const links = useFieldArray({ control, name: 'selling_link' });
  const [discount, selling] = useWatch({ control, name: ['discount_price', 'selling_price'] });
  const hintActive = showDiscountHint(digitsOrNull(discount), digitsOrNull(selling));

  return (
    <Grid container spacing={2.5}>
      <Grid size={12}>
        <Controller
          control={control}
          name="cover"
          render={({ field, fieldState }) => (
            <ImageUpload
              label="Cover"
              value={field.value ?? null}
              onChange={field.onChange}
              fileName="cover.jpg"
              title="Cover Program"
              successMessage="Sukses Upload Cover Program"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              previewWidth={320}
              previewHeight={180}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="discount_price"
          render={({ field, fieldState }) => (
            <RupiahField
              label="Harga Coret"
              name={field.name}
              inputRef={field.ref}
              value={typeof field.value === 'string' ? field.value : String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              color={hintActive ? 'warning' : undefined}
              focused={hintActive ? true : undefined}
              helperText={fieldState.error?.message ?? programMessages.discountHint}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="selling_price"
          render={({ field, fieldState }) => (
            <RupiahField
              label="Harga Jual"
              required
              name={field.name}
              inputRef={field.ref}
              value={typeof field.value === 'string' ? field.value : String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" sx={{ mb: 1, fontSize: 14 }}>
            Link penjualan
          </FormLabel>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {links.fields.map((item, index) => (
              <Stack
                key={item.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                alignItems={{ xs: 'stretch', sm: 'flex-start' }}
              >
                <Box sx={{ flex: 1 }}>
                  <FormTextField
                    control={control}
                    name={`selling_link.${index}.title`}
                    label="Judul link"
                    size="small"
                  />
                </Box>
                <Box sx={{ flex: 2 }}>
                  <FormTextField
                    control={control}
                    name={`selling_link.${index}.url`}
                    label="URL"
                    placeholder="https://"
                    size="small"
                    type="url"
                  />
                </Box>
                <Tooltip title="Hapus link">
                  <IconButton
                    aria-label={`Hapus link ${index + 1}`}
                    onClick={() => links.remove(index)}
                    sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 0.25 } }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            ))}
          </Stack>
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => links.append({ title: '', url: '' })}
              disabled={links.fields.length >= programFieldLimits.sellingLinks}
              sx={{ mt: 1 }}
            >
              Tambah Link
            </Button>
          </Box>
        </FormControl>
      </Grid>
    </Grid>
  );
}
