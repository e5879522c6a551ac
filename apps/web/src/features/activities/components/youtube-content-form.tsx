import Stack from '@mui/material/Stack';
import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';
import { PairListEditor } from './pair-list-editor';

/** YouTube link form (spec 02 §2): a description and a list of title and url pairs. */
export function YoutubeContentForm({ control }: ContentFormProps) {
  return (
    <Stack spacing={3}>
      <DescriptionField control={control} />
      <PairListEditor
        control={control}
        name="content.embed_youtube"
        title="Video YouTube"
        firstLabel="Judul video"
        secondLabel="URL"
        addLabel="Tambah video"
        emptyText="Belum ada video."
        removeLabel={(index) => `Hapus video ${index + 1}`}
      />
    </Stack>
  );
}
