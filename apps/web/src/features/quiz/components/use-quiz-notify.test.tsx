import type { ReactNode } from 'react';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snackbarDefaults } from '@/data-providers';
import { useQuizNotify } from './use-quiz-notify';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function wrapper({ children }: { children: ReactNode }) {
  return <SnackbarProvider {...snackbarDefaults}>{children}</SnackbarProvider>;
}

/** Lets the exit transition of a closed snackbar run out, so it leaves the DOM. */
function settle() {
  // Each step of the exit (slide, then collapse) starts its own timer after the previous one.
  for (let step = 0; step < 10; step++) act(() => vi.advanceTimersByTime(100));
}

describe('useQuizNotify', () => {
  it("closes its notices after the activity form's 3000 ms, not the app's 5 s", () => {
    const { result } = renderHook(() => useQuizNotify(), { wrapper });
    act(() => result.current.success('Paket soal berhasil dibuat'));
    act(() => vi.advanceTimersByTime(2990));
    expect(screen.queryByText('Paket soal berhasil dibuat')).not.toBeNull();
    act(() => vi.advanceTimersByTime(10));
    settle();
    expect(screen.queryByText('Paket soal berhasil dibuat')).toBeNull();
  });

  it("words a failed call as 'Error: {server message}.' and closes it after 3000 ms too", () => {
    const { result } = renderHook(() => useQuizNotify(), { wrapper });
    act(() => result.current.failed(new Error('Paket soal tidak ditemukan')));
    expect(screen.getByText('Error: Paket soal tidak ditemukan.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    settle();
    expect(screen.queryByText('Error: Paket soal tidak ditemukan.')).toBeNull();
  });
});
