/** A word placed on the grid: start cell and direction. */
export interface Placement {
  word: string;
  row: number;
  col: number;
  dr: number;
  dc: number;
}

export interface WordSearch {
  size: number;
  grid: string[][];
  placements: Placement[];
}

const DIRECTIONS: [number, number][] = [
  [0, 1],
  [1, 0],
  [1, 1],
  [-1, 1],
  [0, -1],
  [-1, 0],
  [-1, -1],
  [1, -1],
];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** mulberry32 seeded from a string: the same seed gives the same grid. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Letters only, upper case: 'ikan lele' → 'IKANLELE'. */
export function normaliseWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
}

function tryPlace(grid: string[][], word: string, rand: () => number): Placement | null {
  const size = grid.length;
  for (let attempt = 0; attempt < 300; attempt++) {
    const [dr, dc] = DIRECTIONS[Math.floor(rand() * DIRECTIONS.length)]!;
    const row = Math.floor(rand() * size);
    const col = Math.floor(rand() * size);
    const endRow = row + dr * (word.length - 1);
    const endCol = col + dc * (word.length - 1);
    if (endRow < 0 || endRow >= size || endCol < 0 || endCol >= size) continue;
    let fits = true;
    for (let i = 0; i < word.length && fits; i++) {
      const cell = grid[row + dr * i]![col + dc * i]!;
      if (cell !== '' && cell !== word[i]) fits = false;
    }
    if (!fits) continue;
    for (let i = 0; i < word.length; i++) grid[row + dr * i]![col + dc * i] = word[i]!;
    return { word, row, col, dr, dc };
  }
  return null;
}

/**
 * Places every word (longest first, in all eight directions, crossing where letters agree) and
 * fills the rest with random letters. Grows the grid until every word fits.
 */
export function generateWordSearch(words: string[], seed: string, minSize = 8): WordSearch {
  const clean = [...new Set(words.map(normaliseWord).filter(Boolean))].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  );
  const rand = seededRandom(seed);
  const letters = clean.reduce((n, w) => n + w.length, 0);
  let size = Math.max(minSize, clean[0]?.length ?? 0, Math.ceil(Math.sqrt(letters * 2)));
  for (;;) {
    const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => ''));
    const placements: Placement[] = [];
    let ok = true;
    for (const word of clean) {
      const placed = tryPlace(grid, word, rand);
      if (!placed) {
        ok = false;
        break;
      }
      placements.push(placed);
    }
    if (ok) {
      for (const row of grid) {
        for (let c = 0; c < row.length; c++) {
          if (row[c] === '') row[c] = ALPHABET[Math.floor(rand() * ALPHABET.length)]!;
        }
      }
      return { size, grid, placements };
    }
    size += 1;
  }
}

/** Where a word reads on the grid in any direction, or null. */
export function findWord(grid: string[][], word: string): Placement | null {
  const target = normaliseWord(word);
  const size = grid.length;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      for (const [dr, dc] of DIRECTIONS) {
        let i = 0;
        while (i < target.length) {
          const r = row + dr * i;
          const c = col + dc * i;
          if (r < 0 || r >= size || c < 0 || c >= size || grid[r]![c] !== target[i]) break;
          i++;
        }
        if (i === target.length) return { word: target, row, col, dr, dc };
      }
    }
  }
  return null;
}

/** The word spelled by a straight selection from one cell to another, or null if not straight. */
export function wordAlong(
  grid: string[][],
  from: { row: number; col: number },
  to: { row: number; col: number },
): string | null {
  const dRow = to.row - from.row;
  const dCol = to.col - from.col;
  if (dRow !== 0 && dCol !== 0 && Math.abs(dRow) !== Math.abs(dCol)) return null;
  const steps = Math.max(Math.abs(dRow), Math.abs(dCol));
  const dr = Math.sign(dRow);
  const dc = Math.sign(dCol);
  let word = '';
  for (let i = 0; i <= steps; i++) word += grid[from.row + dr * i]![from.col + dc * i]!;
  return word;
}
