import { describe, expect, it } from 'vitest';
import { findWord, generateWordSearch, normaliseWord, wordAlong } from './word-search';

const words = ['lele', 'bioflok', 'kolam', 'pakan', 'panen', 'bibit', 'oksigen', 'amonia'];

describe('generateWordSearch', () => {
  it('places every word so it can be found, and fills every cell with a letter', () => {
    for (let s = 0; s < 50; s++) {
      const ws = generateWordSearch(words, `seed-${s}`);
      for (const row of ws.grid) for (const cell of row) expect(cell).toMatch(/^[A-Z]$/);
      expect(ws.placements).toHaveLength(words.length);
      for (const word of words) expect(findWord(ws.grid, word)).not.toBeNull();
      for (const p of ws.placements) {
        const end = {
          row: p.row + p.dr * (p.word.length - 1),
          col: p.col + p.dc * (p.word.length - 1),
        };
        expect(wordAlong(ws.grid, { row: p.row, col: p.col }, end)).toBe(p.word);
      }
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateWordSearch(words, 'activity-1');
    expect(generateWordSearch(words, 'activity-1')).toEqual(a);
    expect(generateWordSearch(words, 'activity-2').grid).not.toEqual(a.grid);
  });

  it('uses several directions across seeds, including backwards and diagonals', () => {
    const dirs = new Set<string>();
    for (let s = 0; s < 20; s++) {
      for (const p of generateWordSearch(words, `d${s}`).placements) dirs.add(`${p.dr},${p.dc}`);
    }
    expect(dirs.size).toBe(8);
  });

  it('grows the grid for a long word and normalises words', () => {
    const ws = generateWordSearch(['Pengembangan Diri'], 'x');
    expect(ws.size).toBeGreaterThanOrEqual('PENGEMBANGANDIRI'.length);
    expect(normaliseWord('ikan lele!')).toBe('IKANLELE');
    expect(findWord(ws.grid, 'pengembangan diri')).not.toBeNull();
  });

  it('rejects a selection that is not a straight line', () => {
    const ws = generateWordSearch(words, 'y');
    expect(wordAlong(ws.grid, { row: 0, col: 0 }, { row: 1, col: 2 })).toBeNull();
  });
});
