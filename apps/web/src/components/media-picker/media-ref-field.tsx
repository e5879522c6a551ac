import { useId, useState } from 'react';
import { Box, Button, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import LibraryMusicOutlined from '@mui/icons-material/LibraryMusicOutlined';
import type { MediaRef } from '@ajar/shared/media/media.schemas';
import { MediaPicker } from './media-picker';
import { toMediaRef } from './media-picker-model';

export interface MediaRefFieldProps {
  type: 'image' | 'audio';
  value: MediaRef | null;
  onChange(v: MediaRef | null): void;
  /** Visible label; also names the buttons for assistive technology. Default 'Gambar' / 'Audio'. */
  label?: string;
  disabled?: boolean;
}

const defaultLabel = { image: 'Gambar', audio: 'Audio' } as const;

/**
 * The group is named by the label, so a screen with several of these (question, options,
 * explanation) tells them apart: `group 'Audio' › button 'Sisipkan image/audio'`.
 *
 * An image or audio attachment of question data: shows the chosen image or an audio player, opens
 * the picker 'Sisipkan image/audio' to choose or replace it, and removes it.
 */
export function MediaRefField({
  type,
  value,
  onChange,
  label,
  disabled = false,
}: MediaRefFieldProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const name = label ?? defaultLabel[type];
  const Icon = type === 'image' ? AddPhotoAlternateOutlined : LibraryMusicOutlined;

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} disabled={disabled} sx={{ display: 'block', mb: 0.5, fontSize: 14 }}>
        {name}
      </FormLabel>
      {value && (
        <Box sx={{ mb: 1 }}>
          {value.type === 'image' ? (
            <Box
              component="img"
              src={value.url}
              alt={name}
              sx={{
                display: 'block',
                maxWidth: '100%',
                width: 200,
                maxHeight: 150,
                objectFit: 'contain',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'grey.50',
              }}
            />
          ) : (
            <Box
              component="audio"
              controls
              preload="metadata"
              src={value.url}
              aria-label={`Putar ${name}`}
              sx={{ display: 'block', width: 300, maxWidth: '100%', height: 40 }}
            />
          )}
        </Box>
      )}
      <Stack direction="row" spacing={1} alignItems="center">
        <Button
          variant="outlined"
          size="small"
          startIcon={<Icon />}
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          {value ? 'Ganti' : 'Sisipkan image/audio'}
        </Button>
        {value && (
          <Tooltip title={`Hapus ${name}`}>
            <span>
              <IconButton
                size="small"
                color="error"
                aria-label={`Hapus ${name}`}
                disabled={disabled}
                onClick={() => onChange(null)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      <MediaPicker
        open={open}
        type={type}
        onClose={() => setOpen(false)}
        onSelect={(media) => onChange(toMediaRef(media, type))}
      />
    </Box>
  );
}
