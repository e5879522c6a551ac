import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
import { matchingAnswer } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { PlayerOption } from '../../lib/popup-verdict';
import { shuffled } from '../../lib/shuffle';
import type { GameProps } from './game-props';
import { PlayerImage } from '../../media/player-media';

const pairColors = [
  '#1565c0',
  '#6a1b9a',
  '#00838f',
  '#ef6c00',
  '#2e7d32',
  '#ad1457',
  '#4e342e',
  '#283593',
];
const pointerOptions = { activationConstraint: { distance: 5 } };

type Pairs = Readonly<Record<number, number>>;

/** Right-side indexes in the order they are shown: shuffled, never left as the answer order. */
function rightOrder(count: number, seed: string): number[] {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const order = shuffled(indexes, seed);
  if (count > 1 && order.every((v, i) => v === i)) order.push(order.shift()!);
  return order;
}

const sideLabel = (option: PlayerOption | undefined, fallback: string) =>
  option?.text.trim() || option?.image?.url?.split('/').pop() || fallback;

/**
 * Matching word: each left item is paired with a right item, by dragging it onto the right item
 * or by clicking one on each side. Pairs share a colour and a number and are joined by a line;
 * 'Periksa Jawaban' answers once every left item has a partner.
 */
export function MatchingGame({ gameplay, answer, locked, solution, onAnswer }: GameProps) {
  const left = gameplay.options;
  const right = gameplay.matching_options;
  const order = useMemo(() => rightOrder(right.length, gameplay.id), [right.length, gameplay.id]);
  const [draft, setDraft] = useState<Pairs>({});
  const pairs: Pairs = locked && answer?.kind === 'pairs' ? answer.pairs : draft;
  const [selected, setSelected] = useState<{ side: 'left' | 'right'; index: number } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor));

  const pair = (l: number, r: number) => {
    setDraft((current) => {
      const next: Record<number, number> = {};
      for (const [key, value] of Object.entries(current))
        if (value !== r) next[Number(key)] = value;
      next[l] = r;
      return next;
    });
    setSelected(null);
  };

  const clickLeft = (l: number) => {
    if (selected?.side === 'right') pair(l, selected.index);
    else
      setSelected(
        selected?.side === 'left' && selected.index === l ? null : { side: 'left', index: l },
      );
  };
  const clickRight = (r: number) => {
    if (selected?.side === 'left') pair(selected.index, r);
    else
      setSelected(
        selected?.side === 'right' && selected.index === r ? null : { side: 'right', index: r },
      );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const l = Number(String(active.id).replace('left-', ''));
    if (over && String(over.id).startsWith('right-'))
      pair(l, Number(String(over.id).replace('right-', '')));
  };

  // Each pair's colour and number follow the left side's order.
  const pairIndexOfLeft = (l: number) => (pairs[l] === undefined ? null : l);
  const leftOfRight = (r: number) => {
    const found = Object.entries(pairs).find(([, value]) => value === r);
    return found ? Number(found[0]) : null;
  };
  // The solution holds, for each left item in order, the answer of its right side.
  const reveal = solution !== null;
  const pairRight = (l: number) => {
    const r = pairs[l];
    const option = r === undefined ? undefined : right[r];
    if (!option || !solution) return null;
    return matchingAnswer(option) === solution[l];
  };
  const rightFor = (l: number) => right.find((o) => matchingAnswer(o) === solution?.[l]);

  const complete = left.length > 0 && left.every((_, l) => pairs[l] !== undefined);
  const allRight = locked && left.every((_, l) => pairRight(l) === true);

  // Lines between paired items, measured from the rendered items.
  const box = useRef<HTMLDivElement>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const [lines, setLines] = useState<
    { l: number; x1: number; y1: number; x2: number; y2: number }[]
  >([]);
  const measure = useCallback(() => {
    const container = box.current?.getBoundingClientRect();
    if (!container) return;
    const next = Object.entries(pairs).flatMap(([key, r]) => {
      const a = items.current.get(`left-${key}`)?.getBoundingClientRect();
      const b = items.current.get(`right-${r}`)?.getBoundingClientRect();
      if (!a || !b) return [];
      return [
        {
          l: Number(key),
          x1: a.right - container.left,
          y1: a.top + a.height / 2 - container.top,
          x2: b.left - container.left,
          y2: b.top + b.height / 2 - container.top,
        },
      ];
    });
    setLines(next);
  }, [pairs]);
  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, [measure]);
  const register = (key: string) => (node: HTMLElement | null) => {
    if (node) items.current.set(key, node);
    else items.current.delete(key);
  };

  const lineColor = (l: number) => {
    if (locked && reveal) return pairRight(l) ? '#2e7d32' : '#d32f2f';
    return pairColors[l % pairColors.length]!;
  };

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Seret kata di kiri ke pasangannya di kanan, atau klik satu kata di kiri lalu pasangannya
          di kanan.
        </Typography>
        <Box
          ref={box}
          sx={{
            position: 'relative',
            display: 'grid',
            gridTemplateColumns: '1fr minmax(48px, 96px) 1fr',
            alignItems: 'start',
          }}
        >
          <Box
            component="svg"
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              pointerEvents: 'none',
              overflow: 'visible',
            }}
          >
            {lines.map((line) => (
              <line
                key={line.l}
                x1={line.x1}
                y1={line.y1}
                x2={line.x2}
                y2={line.y2}
                stroke={lineColor(line.l)}
                strokeWidth={3}
                strokeLinecap="round"
              />
            ))}
          </Box>
          <Stack spacing={1.25} role="group" aria-label="Opsi Kiri">
            {left.map((option, l) => (
              <LeftItem
                key={l}
                index={l}
                register={register(`left-${l}`)}
                disabled={locked}
                selected={selected?.side === 'left' && selected.index === l}
                pairNumber={pairIndexOfLeft(l)}
                color={pairs[l] === undefined ? null : lineColor(l)}
                onClick={() => clickLeft(l)}
                label={sideLabel(option, `Kiri ${l + 1}`)}
              >
                <SideContent option={option} alt={`Gambar kiri ${l + 1}`} />
                {locked && reveal && pairRight(l) === false && (
                  <Typography
                    variant="caption"
                    color="success.main"
                    sx={{ display: 'block', fontWeight: 600 }}
                  >
                    Pasangan benar: {sideLabel(rightFor(l), solution?.[l] ?? '')}
                  </Typography>
                )}
              </LeftItem>
            ))}
          </Stack>
          <span />
          <Stack spacing={1.25} role="group" aria-label="Opsi Kanan">
            {order.map((r) => {
              const l = leftOfRight(r);
              return (
                <RightItem
                  key={r}
                  index={r}
                  register={register(`right-${r}`)}
                  disabled={locked}
                  selected={selected?.side === 'right' && selected.index === r}
                  pairNumber={l}
                  color={l === null ? null : lineColor(l)}
                  onClick={() => clickRight(r)}
                  label={sideLabel(right[r], `Kanan ${r + 1}`)}
                >
                  <SideContent option={right[r]} alt={`Gambar kanan ${r + 1}`} />
                </RightItem>
              );
            })}
          </Stack>
        </Box>
        {locked && reveal && (
          <Typography
            variant="body2"
            color={allRight ? 'success.main' : 'error.main'}
            sx={{ fontWeight: 600 }}
          >
            {allRight ? 'Semua pasangan benar' : 'Ada pasangan yang salah'}
          </Typography>
        )}
        {!locked && (
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button disabled={Object.keys(draft).length === 0} onClick={() => setDraft({})}>
              Ulang pasangan
            </Button>
            <Button
              variant="contained"
              disabled={!complete}
              onClick={() => onAnswer({ kind: 'pairs', pairs: draft })}
            >
              Periksa Jawaban
            </Button>
          </Stack>
        )}
      </Stack>
    </DndContext>
  );
}

function SideContent({ option, alt }: { option: PlayerOption | undefined; alt: string }) {
  if (!option) return null;
  return option.image?.url ? (
    <PlayerImage media={option.image} alt={option.text || alt} maxHeight={90} />
  ) : (
    <span>{option.text}</span>
  );
}

interface ItemProps {
  index: number;
  register: (node: HTMLElement | null) => void;
  disabled: boolean;
  selected: boolean;
  pairNumber: number | null;
  color: string | null;
  onClick: () => void;
  label: string;
  children: ReactNode;
}

function itemSx(selected: boolean, color: string | null) {
  return {
    font: 'inherit',
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    textAlign: 'left' as const,
    px: 1.5,
    py: 1,
    minHeight: 48,
    borderRadius: 2,
    border: 2,
    borderColor: selected ? 'primary.main' : (color ?? 'divider'),
    bgcolor: selected ? 'rgba(13,71,161,0.08)' : 'background.paper',
    color: 'text.primary',
    boxShadow: selected ? 3 : 0,
    '&:disabled': { cursor: 'default' },
  };
}

function Badge({ number, color }: { number: number | null; color: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        flex: 'none',
        width: 22,
        height: 22,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        fontWeight: 700,
        color: '#fff',
        bgcolor: number === null ? 'transparent' : (color ?? 'primary.main'),
        border: number === null ? '2px dashed #c5cbd6' : 'none',
      }}
    >
      {number === null ? '' : number + 1}
    </Box>
  );
}

function LeftItem({
  index,
  register,
  disabled,
  selected,
  pairNumber,
  color,
  onClick,
  label,
  children,
}: ItemProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `left-${index}`,
    disabled,
  });
  return (
    <Box
      ref={(node: HTMLElement | null) => {
        setNodeRef(node);
        register(node);
      }}
      component="button"
      type="button"
      {...attributes}
      {...listeners}
      disabled={disabled}
      aria-pressed={selected}
      aria-label={pairNumber === null ? label : `${label} (pasangan ${pairNumber + 1})`}
      data-side="left"
      data-index={index}
      onClick={onClick}
      sx={{
        ...itemSx(selected, color),
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
        position: 'relative',
        zIndex: isDragging ? 3 : 1,
        transform: CSS.Translate.toString(transform),
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Badge number={pairNumber} color={color} />
    </Box>
  );
}

function RightItem({
  index,
  register,
  disabled,
  selected,
  pairNumber,
  color,
  onClick,
  label,
  children,
}: ItemProps) {
  const { isOver, setNodeRef } = useDroppable({ id: `right-${index}`, disabled });
  return (
    <Box
      ref={(node: HTMLElement | null) => {
        setNodeRef(node);
        register(node);
      }}
      component="button"
      type="button"
      disabled={disabled}
      aria-pressed={selected}
      aria-label={pairNumber === null ? label : `${label} (pasangan ${pairNumber + 1})`}
      data-side="right"
      data-index={index}
      onClick={onClick}
      sx={{
        ...itemSx(selected || isOver, color),
        cursor: disabled ? 'default' : 'pointer',
        position: 'relative',
        zIndex: 1,
      }}
    >
      <Badge number={pairNumber} color={color} />
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
