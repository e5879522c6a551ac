import { normaliseWord, wordAlong } from '@ajar/shared/popup-quiz/word-search';

/** A cell of the letter grid. */
export interface Cell {
  row: number;
  col: number;
}

export const sameCell = (a: Cell | null, b: Cell | null) =>
  a !== null && b !== null && a.row === b.row && a.col === b.col;

/**
 * The cells from `from` to `to` when they lie on one row, column or diagonal (either way), else
 * null.
 */
export function lineCells(from: Cell, to: Cell): Cell[] | null {
  const dRow = to.row - from.row;
  const dCol = to.col - from.col;
  if (dRow !== 0 && dCol !== 0 && Math.abs(dRow) !== Math.abs(dCol)) return null;
  const steps = Math.max(Math.abs(dRow), Math.abs(dCol));
  const dr = Math.sign(dRow);
  const dc = Math.sign(dCol);
  return Array.from({ length: steps + 1 }, (_, i) => ({
    row: from.row + dr * i,
    col: from.col + dc * i,
  }));
}

/**
 * While dragging, the pointer rarely stays exactly on a line: the end snaps to the nearest cell
 * along one of the eight directions from the start, kept inside the grid.
 */
export function snapToLine(from: Cell, pointer: Cell, size: number): Cell {
  const dRow = pointer.row - from.row;
  const dCol = pointer.col - from.col;
  if (dRow === 0 && dCol === 0) return from;
  const angle = Math.atan2(dRow, dCol);
  const octant = Math.round(angle / (Math.PI / 4));
  const dr = Math.round(Math.sin((octant * Math.PI) / 4));
  const dc = Math.round(Math.cos((octant * Math.PI) / 4));
  let length = Math.max(Math.abs(dRow), Math.abs(dCol));
  if (dr !== 0 && dc !== 0) length = Math.round((Math.abs(dRow) + Math.abs(dCol)) / 2);
  // Stay on the grid.
  while (length > 0) {
    const row = from.row + dr * length;
    const col = from.col + dc * length;
    if (row >= 0 && row < size && col >= 0 && col < size) return { row, col };
    length -= 1;
  }
  return from;
}

/**
 * The word a selection spells, if it is one of `words` not found yet. A word may be selected
 * from its first letter to its last or the other way round.
 */
export function matchSelection(
  grid: string[][],
  from: Cell,
  to: Cell,
  words: readonly string[],
  found: ReadonlySet<string>,
): string | null {
  if (sameCell(from, to)) return null;
  const spelled = wordAlong(grid, from, to);
  if (!spelled) return null;
  const reversed = [...spelled].reverse().join('');
  const targets = words.map(normaliseWord);
  const hit = targets.find((w) => !found.has(w) && (w === spelled || w === reversed));
  return hit ?? null;
}

/** A cell key for sets: 'row:col'. */
export const cellKey = (cell: Cell) => `${cell.row}:${cell.col}`;
