import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlayerPart } from '../../lib/popup-verdict';
import { PlayerAudio, PlayerImage } from '../../media/player-media';

/** The question of a pop-up question: plain text, an image and an audio. */
export function GameplayPrompt({ question }: { question: PlayerPart | null }) {
  if (!question) return null;
  return (
    <Stack spacing={1}>
      {question.text && (
        <Typography variant="subtitle1" component="p" sx={{ whiteSpace: 'pre-line' }}>
          {question.text}
        </Typography>
      )}
      <PlayerImage media={question.image} alt="Gambar pertanyaan" maxHeight={160} />
      <PlayerAudio media={question.audio} label="Audio pertanyaan" />
    </Stack>
  );
}
