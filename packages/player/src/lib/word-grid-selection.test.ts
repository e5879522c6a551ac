import { describe, expect, it } from 'vitest';
import { findWord, generateWordSearch } from '@ajar/shared/popup-quiz/word-search';
import { lineCells, matchSelection, snapToLine } from './word-grid-selection';

const grid = [
  ['L', 'E', 'L', 'E'],
  ['X', 'K', 'A', 'N'],
  ['I', 'A', 'Y', 'Z'],
  ['K', 'A', 'N', 'I'],
];

describe('lineCells', () => {
  it('lists the cells of rows, columns and diagonals in both directions', () => {
    expect(lineCells({ row: 0, col: 0 }, { row: 0, col: 3 })).toHaveLength(4);
    expect(lineCells({ row: 3, col: 0 }, { row: 0, col: 0 })).toEqual([
      { row: 3, col: 0 },
      { row: 2, col: 0 },
      { row: 1, col: 0 },
      { row: 0, col: 0 },
    ]);
    expect(lineCells({ row: 3, col: 3 }, { row: 1, col: 1 })).toEqual([
      { row: 3, col: 3 },
      { row: 2, col: 2 },
      { row: 1, col: 1 },
    ]);
    expect(lineCells({ row: 0, col: 0 }, { row: 1, col: 2 })).toBeNull();
  });
});

describe('snapToLine', () => {
  it('snaps a wobbly drag to the nearest of the eight directions, inside the grid', () => {
    expect(snapToLine({ row: 0, col: 0 }, { row: 1, col: 5 }, 8)).toEqual({ row: 0, col: 5 });
    expect(snapToLine({ row: 0, col: 0 }, { row: 4, col: 5 }, 8)).toEqual({ row: 5, col: 5 });
    expect(snapToLine({ row: 5, col: 5 }, { row: 0, col: 6 }, 8)).toEqual({ row: 0, col: 5 });
    expect(snapToLine({ row: 2, col: 2 }, { row: 2, col: 2 }, 8)).toEqual({ row: 2, col: 2 });
    // A diagonal that would leave the grid is shortened.
    expect(snapToLine({ row: 6, col: 1 }, { row: 9, col: 4 }, 8)).toEqual({ row: 7, col: 2 });
  });
});

describe('matchSelection', () => {
  it('finds a word read forwards or backwards, once', () => {
    const words = ['lele', 'kan'];
    expect(matchSelection(grid, { row: 0, col: 0 }, { row: 0, col: 3 }, words, new Set())).toBe(
      'LELE',
    );
    expect(matchSelection(grid, { row: 0, col: 3 }, { row: 0, col: 0 }, words, new Set())).toBe(
      'LELE',
    );
    expect(
      matchSelection(grid, { row: 0, col: 0 }, { row: 0, col: 3 }, words, new Set(['LELE'])),
    ).toBeNull();
    // K-A-N along row 1 from col 1, and again on row 3.
    expect(matchSelection(grid, { row: 1, col: 1 }, { row: 1, col: 3 }, words, new Set())).toBe(
      'KAN',
    );
    expect(
      matchSelection(grid, { row: 0, col: 0 }, { row: 0, col: 2 }, words, new Set()),
    ).toBeNull();
    expect(
      matchSelection(grid, { row: 0, col: 0 }, { row: 1, col: 2 }, words, new Set()),
    ).toBeNull();
    expect(
      matchSelection(grid, { row: 0, col: 0 }, { row: 0, col: 0 }, words, new Set()),
    ).toBeNull();
  });

  it('finds every word of a generated grid by selecting its placement', () => {
    const words = ['lele', 'bioflok', 'kolam', 'pakan', 'panen'];
    for (let s = 0; s < 20; s++) {
      const ws = generateWordSearch(words, `grid-${s}`);
      const found = new Set<string>();
      for (const word of words) {
        const at = findWord(ws.grid, word)!;
        const end = {
          row: at.row + at.dr * (at.word.length - 1),
          col: at.col + at.dc * (at.word.length - 1),
        };
        const hit = matchSelection(ws.grid, { row: at.row, col: at.col }, end, words, found);
        expect(hit).toBe(at.word);
        found.add(hit!);
      }
      expect(found.size).toBe(words.length);
    }
  });
});
