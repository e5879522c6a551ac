import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { GameplayAnswer } from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { findWord } from '@ajar/shared/popup-quiz/word-search';
import { MatchingGame } from './matching-game';
import { WordSearchGame } from './word-search-game';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has no ResizeObserver; the matching lines only need it to re-measure.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const option = (text: string) => ({ text, image: null, audio: null, answer: null });

const base = {
  activity_id: '00000000-0000-4000-8000-000000000001',
  question: null,
  time: null,
  duration: 120,
  explanation: null,
  created_at: '',
  updated_at: '',
};

const wordsGameplay: Gameplay = {
  ...base,
  id: '5f0c2a55-1111-4a4a-8a8a-000000000001',
  type: 'finding_word',
  point: 10,
  options: [option('Kolam'), option('Pakan'), option('Bibit')],
  matching_options: [],
  correct_answers: ['Kolam', 'Pakan', 'Bibit'],
};

/** The grid as the component drew it, read from the cells' data attributes. */
function renderedGrid(): string[][] {
  const grid: string[][] = [];
  for (const cell of document.querySelectorAll<HTMLElement>('[data-row]')) {
    const row = Number(cell.dataset.row);
    (grid[row] ??= [])[Number(cell.dataset.col)] = cell.dataset.letter!;
  }
  return grid;
}

const cell = (row: number, col: number) =>
  document.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`)!;

/** A click as the grid sees it: pointer down and up on the same cell. */
function press(row: number, col: number) {
  fireEvent.pointerDown(cell(row, col), { pointerId: 1, clientX: 0, clientY: 0 });
  fireEvent.pointerUp(cell(row, col), { pointerId: 1, clientX: 0, clientY: 0 });
}

function ends(grid: string[][], word: string) {
  const at = findWord(grid, word)!;
  return {
    start: [at.row, at.col] as const,
    end: [at.row + at.dr * (at.word.length - 1), at.col + at.dc * (at.word.length - 1)] as const,
  };
}

describe('WordSearchGame', () => {
  it('finds words by clicking both ends, in either direction, and answers when all are found', () => {
    const onAnswer = vi.fn<(answer: GameplayAnswer) => void>();
    render(
      <WordSearchGame
        gameplay={wordsGameplay}
        answer={undefined}
        locked={false}
        solution={null}
        onAnswer={onAnswer}
      />,
    );
    const grid = renderedGrid();
    // The same seed draws the same grid every time.
    cleanup();
    render(
      <WordSearchGame
        gameplay={wordsGameplay}
        answer={undefined}
        locked={false}
        solution={null}
        onAnswer={onAnswer}
      />,
    );
    expect(renderedGrid()).toEqual(grid);
    const list = screen.getByRole('list', { name: 'Daftar kata' });

    // Clicking the first letter again cancels the selection.
    const kolam = ends(grid, 'KOLAM');
    press(...kolam.start);
    expect(cell(...kolam.start).getAttribute('aria-selected')).toBe('true');
    press(...kolam.start);
    expect(cell(...kolam.start).getAttribute('aria-selected')).toBe('false');

    press(...kolam.start);
    press(...kolam.end);
    expect(within(list).getByLabelText('Kolam (ditemukan)').querySelector('s')).not.toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();

    // Last letter first works too.
    const pakan = ends(grid, 'PAKAN');
    press(...pakan.end);
    press(...pakan.start);
    within(list).getByLabelText('Pakan (ditemukan)');

    const bibit = ends(grid, 'BIBIT');
    press(...bibit.start);
    press(...bibit.end);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    const answer = onAnswer.mock.calls[0]![0];
    expect(answer.kind).toBe('words');
    expect(answer.kind === 'words' && [...answer.found].sort()).toEqual([
      'BIBIT',
      'KOLAM',
      'PAKAN',
    ]);
  });

  it('drops a selection that is not a straight line', () => {
    render(
      <WordSearchGame
        gameplay={wordsGameplay}
        answer={undefined}
        locked={false}
        solution={null}
        onAnswer={() => undefined}
      />,
    );
    press(0, 0);
    press(1, 2);
    expect(screen.getByText('Cari kata (0/3)')).toBeTruthy();
    expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(0);
  });
});

describe('MatchingGame', () => {
  const matching: Gameplay = {
    ...base,
    id: '5f0c2a55-2222-4a4a-8a8a-000000000002',
    type: 'matching_word',
    point: 20,
    duration: null,
    options: [option('Lele'), option('Nila')],
    matching_options: [option('Berkumis'), option('Bersisik')],
    correct_answers: ['Berkumis', 'Bersisik'],
  };

  it('pairs by clicking left then right (or right then left) and answers the pairs', () => {
    const onAnswer = vi.fn<(answer: GameplayAnswer) => void>();
    render(
      <MatchingGame
        gameplay={matching}
        answer={undefined}
        locked={false}
        solution={null}
        onAnswer={onAnswer}
      />,
    );
    const check = screen.getByRole('button', { name: 'Periksa Jawaban' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Lele' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bersisik' }));
    screen.getByRole('button', { name: 'Bersisik (pasangan 1)' });
    // Re-pairing moves the right item to the new partner.
    fireEvent.click(screen.getByRole('button', { name: 'Bersisik (pasangan 1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nila' }));
    screen.getByRole('button', { name: 'Bersisik (pasangan 2)' });
    screen.getByRole('button', { name: 'Lele' });
    fireEvent.click(screen.getByRole('button', { name: 'Lele' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berkumis' }));
    expect(check.disabled).toBe(false);
    fireEvent.click(check);
    expect(onAnswer).toHaveBeenCalledWith({ kind: 'pairs', pairs: { 0: 0, 1: 1 } });
  });
});
