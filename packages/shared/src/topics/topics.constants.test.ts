import { describe, expect, it } from 'vitest';
import { clampPosition, moveItem } from './topics.constants';

describe('moveItem', () => {
  it('moves down and up, clamping the target to 1..n', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 1, 3)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 4, 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 99)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 3, -5)).toEqual(['c', 'a', 'b']);
    expect(clampPosition(0, 0)).toBe(1);
  });
});
