import { Box, FormHelperText, Stack } from '@mui/material';
import type { MediaRef } from '@ajar/shared/media/media.schemas';
import { MediaRefField } from './media-picker/media-ref-field';

export interface MediaRefPairProps {
  imageLabel: string;
  image: MediaRef | null;
  onImageChange(image: MediaRef | null): void;
  audioLabel: string;
  audio: MediaRef | null;
  onAudioChange(audio: MediaRef | null): void;
  /** A message shown under the audio field (e.g. a server rule on the audio). */
  audioError?: string;
  disabled?: boolean;
  /** Space between the two fields (MUI spacing units). */
  spacing?: number;
}

/**
 * The image and the audio of one piece of question data (a question, an option, an explanation),
 * side by side from md up and stacked below, each with its own label.
 */
export function MediaRefPair({
  imageLabel,
  image,
  onImageChange,
  audioLabel,
  audio,
  onAudioChange,
  audioError,
  disabled = false,
  spacing = 2,
}: MediaRefPairProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={spacing}>
      <MediaRefField
        type="image"
        label={imageLabel}
        value={image}
        onChange={onImageChange}
        disabled={disabled}
      />
      <Box>
        <MediaRefField
          type="audio"
          label={audioLabel}
          value={audio}
          onChange={onAudioChange}
          disabled={disabled}
        />
        {audioError && <FormHelperText error>{audioError}</FormHelperText>}
      </Box>
    </Stack>
  );
}
