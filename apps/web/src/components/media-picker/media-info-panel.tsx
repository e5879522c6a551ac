import { Stack, TextField, Typography } from '@mui/material';
import {
  mediaFieldLimits,
  mediaUploadFieldsSchema,
  type MediaItem,
} from '@ajar/shared/media/media.schemas';
import type { MediaInformation } from './media-api';

// The picker's side panel 'Information media': read-only for a library item, a form for an upload.

export const infoFields = [
  { name: 'title', label: 'Title', rows: 1 },
  { name: 'caption', label: 'Caption', rows: 2 },
  { name: 'alt', label: 'Alt', rows: 1 },
  { name: 'description', label: 'Description', rows: 3 },
] as const satisfies readonly { name: keyof MediaInformation; label: string; rows: number }[];

export const infoSchema = mediaUploadFieldsSchema.pick({
  title: true,
  caption: true,
  alt: true,
  description: true,
});

export const emptyInfo: MediaInformation = { title: '', caption: '', alt: '', description: '' };

export function LibraryInformation({ media }: { media: MediaItem | null }) {
  if (!media) {
    return (
      <Typography variant="body2" color="text.secondary">
        Pilih media dari riwayat untuk melihat informasinya.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {infoFields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          size="small"
          fullWidth
          multiline={field.rows > 1}
          value={media[field.name] ?? ''}
          placeholder="-"
          slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
}

interface UploadInformationProps {
  info: MediaInformation;
  errors: Partial<Record<keyof MediaInformation, string>>;
  disabled: boolean;
  onChange(name: keyof MediaInformation, value: string): void;
}

/** The fields stored with an upload (title, caption, alt, description). */
export function UploadInformation({ info, errors, disabled, onChange }: UploadInformationProps) {
  return (
    <Stack spacing={1.5}>
      {infoFields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          size="small"
          fullWidth
          multiline={field.rows > 1}
          minRows={field.rows > 1 ? field.rows : undefined}
          value={info[field.name]}
          disabled={disabled}
          error={Boolean(errors[field.name])}
          helperText={errors[field.name]}
          onChange={(event) => onChange(field.name, event.target.value)}
          slotProps={{ htmlInput: { maxLength: mediaFieldLimits[field.name] } }}
        />
      ))}
    </Stack>
  );
}
