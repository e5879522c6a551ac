import { Stack, TextField, Typography } from '@mui/material';
import {
  mediaFieldLimits,
  mediaUploadFieldsSchema,
  type MediaItem,
} from '@ajar/shared/media/media.schemas';
import type { MediaInformation } from './media-api';
import { usePasteCutNotice } from '../../hooks/use-paste-cut-notice';

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

/** One of them, saying so when a paste was cut at its limit. */
function InformationField({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: (typeof infoFields)[number];
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const max = mediaFieldLimits[field.name];
  const cut = usePasteCutNotice(max);
  return (
    <TextField
      label={field.label}
      size="small"
      fullWidth
      multiline={field.rows > 1}
      minRows={field.rows > 1 ? field.rows : undefined}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? cut.notice}
      onPaste={cut.onPaste}
      onChange={(event) => {
        cut.onEdit(event.target.value);
        onChange(event.target.value);
      }}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}

/** The fields stored with an upload (title, caption, alt, description). */
export function UploadInformation({ info, errors, disabled, onChange }: UploadInformationProps) {
  return (
    <Stack spacing={1.5}>
      {infoFields.map((field) => (
        <InformationField
          key={field.name}
          field={field}
          value={info[field.name]}
          error={errors[field.name]}
          disabled={disabled}
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </Stack>
  );
}
