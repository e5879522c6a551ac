import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads the single-range forms a browser sends', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(parseRange('bytes=-10', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    // An end past the file is cut to the file.
    expect(parseRange('bytes=50-500', 100)).toEqual({
      kind: 'partial',
      range: { start: 50, end: 99 },
    });
    expect(parseRange('bytes=-500', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 99 },
    });
  });

  it('answers unsatisfiable for a start past the end or an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: no header, bad syntax, several ranges, reversed', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-9', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-9,20-29', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=9-0', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'full' });
  });
});
