import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GameProps } from './game-props';
import { GameplayPrompt } from './gameplay-prompt';
import { toneStyles, type Tone } from './tones';
import { PlayerImage } from '../../media/player-media';

const slotId = 'jigsaw-slot';
const pointerOptions = { activationConstraint: { distance: 5 } };

/**
 * Jigsaw: answer tiles ('Benar' / 'Salah' by default) are dragged into the answer slot, or
 * clicked to put them there; 'Kirim Jawaban' answers.
 */
export function JigsawGame({ gameplay, answer, locked, solution, onAnswer }: GameProps) {
  const submitted = answer?.kind === 'choice' ? answer.option : null;
  const [placed, setPlaced] = useState<number | null>(null);
  const inSlot = locked ? submitted : placed;
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor));

  // dnd-kit swallows the click that ends a drag, so a tile dropped elsewhere is not placed.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over?.id === slotId) setPlaced(Number(String(active.id).replace('tile-', '')));
  };

  const tileTone = (index: number): Tone => {
    if (!locked || !solution) return index === inSlot ? 'primary' : 'none';
    if (solution.includes(gameplay.options[index]?.text ?? '')) return 'success';
    return index === inSlot ? 'error' : 'none';
  };

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <Stack spacing={2}>
        <GameplayPrompt question={gameplay.question} />
        <AnswerSlot
          tone={inSlot === null ? 'none' : tileTone(inSlot)}
          label={inSlot === null ? null : (gameplay.options[inSlot]?.text ?? '')}
        />
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          role="group"
          aria-label="Kepingan jawaban"
          sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
        >
          {gameplay.options.map((option, index) => (
            <Tile
              key={index}
              index={index}
              text={option.text}
              image={option.image}
              tone={tileTone(index)}
              disabled={locked}
              inSlot={index === inSlot}
              onPick={() => setPlaced(index)}
            />
          ))}
        </Stack>
        {!locked && (
          <Box sx={{ textAlign: 'center' }}>
            <Button
              variant="contained"
              disabled={placed === null}
              onClick={() => placed !== null && onAnswer({ kind: 'choice', option: placed })}
            >
              Kirim Jawaban
            </Button>
          </Box>
        )}
      </Stack>
    </DndContext>
  );
}

function AnswerSlot({ tone, label }: { tone: Tone; label: string | null }) {
  const { isOver, setNodeRef } = useDroppable({ id: slotId });
  return (
    <Box
      ref={setNodeRef}
      role="region"
      aria-label="Kotak jawaban"
      data-testid="jigsaw-slot"
      sx={{
        mx: 'auto',
        minWidth: 220,
        minHeight: 64,
        px: 3,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 2,
        border: 2,
        borderStyle: label === null ? 'dashed' : 'solid',
        ...toneStyles(isOver ? 'primary' : tone),
      }}
    >
      <Typography
        variant={label === null ? 'body2' : 'h6'}
        color={label === null ? 'text.secondary' : 'text.primary'}
      >
        {label === null ? 'Seret atau klik kepingan jawaban ke sini' : label}
      </Typography>
    </Box>
  );
}

function Tile({
  index,
  text,
  image,
  tone,
  disabled,
  inSlot,
  onPick,
}: {
  index: number;
  text: string;
  image: { url?: string | null } | null;
  tone: Tone;
  disabled: boolean;
  inSlot: boolean;
  onPick: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `tile-${index}`,
    disabled,
  });
  return (
    <Box
      ref={setNodeRef}
      component="button"
      type="button"
      {...attributes}
      {...listeners}
      disabled={disabled}
      aria-pressed={inSlot}
      onClick={onPick}
      sx={{
        font: 'inherit',
        fontWeight: 700,
        fontSize: 18,
        minWidth: 120,
        px: 3,
        py: 1.5,
        borderRadius: 2,
        border: 2,
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
        boxShadow: isDragging ? 6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : 'auto',
        transform: CSS.Translate.toString(transform),
        color: 'text.primary',
        ...toneStyles(tone),
        // Clip-path shapes the tile like a puzzle piece without an image asset.
        clipPath:
          'polygon(0 0, 42% 0, 46% 10%, 54% 10%, 58% 0, 100% 0, 100% 100%, 58% 100%, 54% 90%, 46% 90%, 42% 100%, 0 100%)',
      }}
    >
      {text}
      {image?.url && (
        <PlayerImage media={image} alt={`Gambar kepingan ${index + 1}`} maxHeight={80} />
      )}
    </Box>
  );
}
