import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GameProps } from './game-props';
import { GameplayPrompt } from './gameplay-prompt';
import { toneStyles, type Tone } from './tones';
import { PlayerAudio, PlayerImage } from '../../media/player-media';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Multiple choice: a click on an option answers. */
export function MultipleChoiceGame({ gameplay, answer, locked, solution, onAnswer }: GameProps) {
  const chosen = answer?.kind === 'choice' ? answer.option : null;
  return (
    <Stack spacing={2}>
      <GameplayPrompt question={gameplay.question} />
      <Box
        role="group"
        aria-label="Pilihan jawaban"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.25 }}
      >
        {gameplay.options.map((option, index) => {
          const reveal = solution !== null;
          const right = solution?.includes(option.text) ?? false;
          const isChosen = chosen === index;
          const tone: Tone =
            reveal && locked && right
              ? 'success'
              : reveal && locked && isChosen
                ? 'error'
                : isChosen
                  ? 'primary'
                  : 'none';
          const letter = letters[index] ?? String(index + 1);
          return (
            <Box
              key={index}
              sx={{ borderRadius: 2, border: 2, overflow: 'hidden', ...toneStyles(tone) }}
            >
              <ButtonBase
                disabled={locked}
                aria-pressed={isChosen}
                onClick={() => onAnswer({ kind: 'choice', option: index })}
                sx={{
                  width: '100%',
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  gap: 1.5,
                  p: 1.5,
                  '&:hover': { bgcolor: locked ? undefined : 'action.hover' },
                }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    flex: 'none',
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    fontSize: 14,
                    bgcolor: tone === 'none' ? 'action.selected' : `${tone}.main`,
                    color: tone === 'none' ? 'text.primary' : '#fff',
                  }}
                >
                  {letter}
                </Box>
                <Stack spacing={0.75} sx={{ minWidth: 0 }}>
                  {option.text && <Typography variant="body1">{option.text}</Typography>}
                  <PlayerImage media={option.image} alt={`Gambar opsi ${letter}`} maxHeight={110} />
                </Stack>
              </ButtonBase>
              {option.audio?.url && (
                <Box sx={{ px: 1.5, pb: 1.5 }}>
                  <PlayerAudio media={option.audio} label={`Audio opsi ${letter}`} />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
