import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FileRef } from '@ajar/shared/activities/activities-content.schemas';
import { formatFileSize } from '@ajar/shared/common/format';

export interface SavedFileProps {
  file: FileRef;
  onRemove: () => void;
  /** A preview (the video player). */
  children?: ReactNode;
}

/** The file saved with the activity: its name and size, a link, an optional preview. */
export function SavedFile({ file, onRemove, children }: SavedFileProps) {
  const name = file.name ?? 'File tersimpan';
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      {children}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          File tersimpan:
        </Typography>
        <Link href={file.url} target="_blank" rel="noopener noreferrer" variant="body2">
          {name}
        </Link>
        {file.size !== undefined && (
          <Typography variant="caption" color="text.secondary">
            ({formatFileSize(file.size)})
          </Typography>
        )}
        <Button size="small" color="error" onClick={onRemove}>
          Hapus file
        </Button>
      </Stack>
    </Stack>
  );
}
