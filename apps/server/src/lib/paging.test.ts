import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging';

/** The rows a window selects from a list of `total` numbered rows, in the list's order. */
function rowsOf(page: number, limit: number, total: number): number[] {
  const list = Array.from({ length: total }, (_, i) => i);
  const w = pageWindow(page, limit, total);
  const source = w.reversed ? [...list].reverse() : list;
  return source.slice(w.offset, w.offset + w.limit).sort((a, b) => a - b);
}

describe('pageWindow', () => {
  it('selects the rows OFFSET would, from whichever end is nearer', () => {
    for (const total of [0, 1, 9, 10, 11, 25, 100, 101]) {
      for (const limit of [1, 3, 10]) {
        for (let page = 1; page <= Math.ceil(total / limit) + 1; page += 1) {
          const expected = Array.from({ length: total }, (_, i) => i).slice(
            (page - 1) * limit,
            page * limit,
          );
          expect(rowsOf(page, limit, total), `${total}/${limit}/${page}`).toEqual(expected);
        }
      }
    }
  });

  it('reads the last page from the end, skipping nothing', () => {
    expect(pageWindow(10_000, 10, 100_000)).toEqual({ reversed: true, offset: 0, limit: 10 });
    expect(pageWindow(1, 10, 100_000)).toEqual({ reversed: false, offset: 0, limit: 10 });
    expect(pageWindow(10_001, 10, 100_000)).toEqual({
      reversed: false,
      offset: 100_000,
      limit: 10,
    });
  });
});
