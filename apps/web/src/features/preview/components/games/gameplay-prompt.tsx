import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { PreviewAudio, PreviewImage } from '../preview-media';

/** The question of a pop-up question: plain text, an image and an audio. */
export function GameplayPrompt({ question }: { question: Gameplay['question'] }) {
  if (!question) return null;
  return (
    <Stack spacing={1}>
      {question.text && (
        <Typography variant="subtitle1" component="p" sx={{ whiteSpace: 'pre-line' }}>
          {question.text}
        </Typography>
      )}
      <PreviewImage media={question.image} alt="Gambar pertanyaan" maxHeight={160} />
      <PreviewAudio media={question.audio} label="Audio pertanyaan" />
    </Stack>
  );
}
