import Stack from '@mui/material/Stack';
import { FormTextField } from '@/components/form-text-field';
import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';
import { YesNoField } from './yes-no-field';

/** Google Form content form (spec 02 §2): description, show-link choice, the link. */
export function GoogleFormContentForm({ control }: ContentFormProps) {
  return (
    <Stack spacing={3}>
      <DescriptionField control={control} />
      <YesNoField
        control={control}
        name="content.link_embed.is_showing"
        label="Tampilkan Link Google Form"
      />
      <FormTextField
        control={control}
        name="content.link_embed.url"
        label="Link Google Form"
        placeholder="https://forms.gle/…"
        fullWidth
        type="url"
      />
    </Stack>
  );
}
