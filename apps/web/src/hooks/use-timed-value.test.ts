import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimedValue } from './use-timed-value';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTimedValue', () => {
  it('shows a value for 3 s, then goes back to the empty one', () => {
    const { result } = renderHook(() => useTimedValue<string[]>([]));
    const empty = result.current[0];
    act(() => result.current[1](['Poin harus angka']));
    expect(result.current[0]).toEqual(['Poin harus angka']);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current[0]).toEqual(['Poin harus angka']);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(empty);
  });

  it('restarts the 3 s when shown again, and clears at once when shown empty', () => {
    const { result } = renderHook(() => useTimedValue<Record<string, string>>({}));
    act(() => result.current[1]({ name: 'Nama wajib diisi' }));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current[1]({ min_score: 'Minimal Score wajib diisi' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current[0]).toEqual({ min_score: 'Minimal Score wajib diisi' });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toEqual({});
    act(() => result.current[1]({ name: 'Nama wajib diisi' }));
    act(() => result.current[1]({}));
    expect(result.current[0]).toEqual({});
  });
});
