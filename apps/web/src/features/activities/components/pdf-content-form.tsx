import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  mediaAccept,
  mediaLimits,
  mediaMessages,
  tooLargeMessage,
} from '@ajar/shared/media/media.constants';
import { FileDrop } from '@/components/file-drop';
import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';
import { SavedFile } from './saved-file';

/** PDF attachment form (spec 02 §2): a .pdf by drag and drop or picker, plus a description. */
export function PdfContentForm({ control, file }: ContentFormProps) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          File PDF
        </Typography>
        <FileDrop
          label="File PDF"
          accept={mediaAccept('pdf')}
          maxBytes={mediaLimits.pdf}
          typeMessage={mediaMessages.unsupported}
          sizeMessage={tooLargeMessage('pdf')}
          hint="Tarik dan lepas file .pdf di sini, atau"
          value={file.file}
          onChange={file.setFile}
          progress={file.progress}
          error={file.error}
          current={file.saved && <SavedFile file={file.saved} onRemove={file.removeSaved} />}
        />
      </Box>
      <DescriptionField control={control} />
    </Stack>
  );
}
