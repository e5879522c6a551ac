import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { gameplayWords } from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { generateWordSearch, normaliseWord } from '@ajar/shared/popup-quiz/word-search';
import {
  cellKey,
  lineCells,
  matchSelection,
  sameCell,
  snapToLine,
  type Cell,
} from '../../lib/word-grid-selection';
import type { GameProps } from './game-props';

const foundColors = [
  '#c8e6c9',
  '#bbdefb',
  '#ffe0b2',
  '#e1bee7',
  '#b2ebf2',
  '#f8bbd0',
  '#dcedc8',
  '#d1c4e9',
];

interface FoundWord {
  word: string;
  cells: Cell[];
}

/** The cell under the pointer (a captured pointer's events all target the grid). */
function cellAt(x: number, y: number): Cell | null {
  // jsdom has no layout and no elementFromPoint.
  return typeof document.elementFromPoint === 'function'
    ? cellOf(document.elementFromPoint(x, y))
    : null;
}

function cellOf(target: EventTarget | Element | null): Cell | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-row]') : null;
  if (!el) return null;
  return { row: Number(el.dataset.row), col: Number(el.dataset.col) };
}

/**
 * Finding word: a letter grid generated from the words with the question's id as seed (the same
 * grid every time). A word is selected by dragging from its first to its last letter, or by
 * clicking both ends, along a row, column or diagonal in either direction. Found words are
 * struck through; finding them all answers.
 */
export function WordSearchGame({ gameplay, locked, solution, onAnswer }: GameProps) {
  const words = useMemo(() => gameplayWords(gameplay), [gameplay]);
  const puzzle = useMemo(() => generateWordSearch(words, gameplay.id), [words, gameplay.id]);
  const [found, setFound] = useState<FoundWord[]>([]);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [hover, setHover] = useState<Cell | null>(null);
  const pressed = useRef<{ start: Cell; moved: boolean; hadAnchor: boolean } | null>(null);
  const foundSet = useMemo(() => new Set(found.map((f) => f.word)), [found]);
  const answered = useRef(false);

  useEffect(() => {
    if (!answered.current && words.length > 0 && words.every((w) => foundSet.has(w))) {
      answered.current = true;
      onAnswer({ kind: 'words', found: [...foundSet] });
    }
  }, [foundSet, words, onAnswer]);

  const trySelect = (from: Cell, to: Cell) => {
    const word = matchSelection(puzzle.grid, from, to, words, foundSet);
    if (word) setFound((current) => [...current, { word, cells: lineCells(from, to) ?? [] }]);
    setAnchor(null);
    setHover(null);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (locked) return;
    const cell = cellOf(event.target);
    if (!cell) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pressed.current = { start: cell, moved: false, hadAnchor: anchor !== null };
    if (!anchor) setAnchor(cell);
    setHover(cell);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const cell = cellAt(event.clientX, event.clientY);
    if (!cell) return;
    const press = pressed.current;
    if (press) {
      if (!press.moved && !sameCell(cell, press.start)) {
        // A drag starts a new selection where it was pressed.
        press.moved = true;
        setAnchor(press.start);
      }
      setHover(snapToLine(press.start, cell, puzzle.size));
    } else if (anchor) {
      // Between two clicks: show the line from the first letter to the pointer.
      setHover(snapToLine(anchor, cell, puzzle.size));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const press = pressed.current;
    pressed.current = null;
    if (!press) return;
    if (press.moved) {
      const cell = cellAt(event.clientX, event.clientY) ?? press.start;
      trySelect(press.start, snapToLine(press.start, cell, puzzle.size));
    } else if (press.hadAnchor && anchor) {
      // The second click: the other end of the word (the same cell again cancels).
      if (sameCell(anchor, press.start)) {
        setAnchor(null);
        setHover(null);
      } else trySelect(anchor, press.start);
    }
    // Otherwise a first click: the anchor waits for the other end.
  };

  // Keyboard: Enter/Space on a cell works like a click.
  const onCellKey = (cell: Cell) => {
    if (locked) return;
    if (anchor && !sameCell(anchor, cell)) trySelect(anchor, cell);
    else if (anchor) {
      setAnchor(null);
      setHover(null);
    } else {
      setAnchor(cell);
      setHover(cell);
    }
  };

  const selecting = new Set(
    anchor && hover
      ? (lineCells(anchor, hover) ?? [anchor]).map(cellKey)
      : anchor
        ? [cellKey(anchor)]
        : [],
  );
  const foundColor = new Map<string, string>();
  found.forEach((f, i) =>
    f.cells.forEach((c) => foundColor.set(cellKey(c), foundColors[i % foundColors.length]!)),
  );
  // After the question ends, the words not found are shown where they were hidden.
  const missed = new Set<string>();
  if (locked && solution) {
    for (const p of puzzle.placements) {
      if (foundSet.has(p.word)) continue;
      for (let i = 0; i < p.word.length; i++)
        missed.add(cellKey({ row: p.row + p.dr * i, col: p.col + p.dc * i }));
    }
  }

  const cellPx = puzzle.size > 12 ? 28 : 34;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2.5}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <Box
        role="grid"
        aria-label="Kotak huruf"
        data-size={puzzle.size}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pressed.current = null;
        }}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${puzzle.size}, ${cellPx}px)`,
          gap: '2px',
          p: 1,
          borderRadius: 2,
          bgcolor: '#eef1f6',
          touchAction: 'none',
          userSelect: 'none',
          alignSelf: { xs: 'center', md: 'flex-start' },
        }}
      >
        {puzzle.grid.map((row, r) => (
          <Box key={r} role="row" sx={{ display: 'contents' }}>
            {row.map((letter, c) => {
              const key = `${r}:${c}`;
              const isSelecting = selecting.has(key);
              const color = foundColor.get(key);
              return (
                <Box
                  key={key}
                  role="gridcell"
                  component="button"
                  type="button"
                  tabIndex={0}
                  disabled={locked}
                  data-row={r}
                  data-col={c}
                  data-letter={letter}
                  aria-label={`Baris ${r + 1} kolom ${c + 1}: ${letter}`}
                  aria-selected={isSelecting}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      onCellKey({ row: r, col: c });
                    }
                  }}
                  sx={{
                    width: cellPx,
                    height: cellPx,
                    p: 0,
                    font: 'inherit',
                    fontWeight: 700,
                    fontSize: cellPx > 30 ? 16 : 14,
                    border: 0,
                    borderRadius: 1,
                    cursor: locked ? 'default' : 'pointer',
                    color: 'text.primary',
                    bgcolor: isSelecting
                      ? 'primary.main'
                      : (color ?? (missed.has(key) ? '#ffcdd2' : 'background.paper')),
                    ...(isSelecting ? { color: '#fff' } : {}),
                    '&:disabled': { color: 'text.primary' },
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  {letter}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
      <Box sx={{ minWidth: 160 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Cari kata ({found.length}/{words.length})
        </Typography>
        <Stack
          component="ul"
          aria-label="Daftar kata"
          spacing={0.75}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {gameplay.options.map((option, i) => {
            const isFound = foundSet.has(normaliseWord(option.text));
            return (
              <Box
                component="li"
                key={i}
                aria-label={isFound ? `${option.text} (ditemukan)` : option.text}
                data-found={isFound}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Box
                  component={isFound ? 's' : 'span'}
                  sx={{
                    fontWeight: 600,
                    color: isFound ? 'text.secondary' : 'text.primary',
                    letterSpacing: 0.5,
                  }}
                >
                  {option.text.toUpperCase()}
                </Box>
                {isFound && <Chip size="small" color="success" label="Ditemukan" />}
              </Box>
            );
          })}
        </Stack>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: 1.5, maxWidth: 220 }}
        >
          Seret dari huruf pertama ke huruf terakhir, atau klik kedua ujung kata. Kata bisa
          mendatar, menurun, diagonal, dan terbalik.
        </Typography>
      </Box>
    </Stack>
  );
}
