import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { gameplayKeys } from '../api/popup-quiz-api';
import { savedGameplay, storedSetting } from '../lib/popup-test-data';
import { PopupQuizEditor } from './popup-quiz-editor';

afterEach(cleanup);

const now = '2026-01-01T00:00:00.000Z';
const programId = crypto.randomUUID();
const topicId = crypto.randomUUID();
const activityId = crypto.randomUUID();
const gameplayId = crypto.randomUUID();
const savedText = 'Ikan lele bernapas dengan?';

const gameplay = savedGameplay(gameplayId, activityId, savedText);

/** A video activity (no file uploaded) whose pop-up quiz at 00:03 holds the saved question. */
const activity: Activity = {
  id: activityId,
  activity_id: activityId,
  name: 'Video pernapasan ikan',
  title: 'Video pernapasan ikan',
  type: 'menonton_video',
  activity_type: 'menonton_video',
  topic_id: topicId,
  program_id: programId,
  seq: 1,
  status: 'draft',
  settings: {
    estimated_duration: 10,
    is_show_discussion: 0,
    is_show_answer: 0,
    set_minimum_value: { is_set: 0, minimum_value: 0 },
    opportunity_repeat_test: 0,
    is_skip: 0,
    is_show_timer: 0,
    is_show_score: 0,
    is_random_question: 0,
    number_questions_package: 0,
    timer: 0,
    video_completion_percent: 90,
  },
  content: {
    description: '',
    file: null,
    link_embed: { is_showing: 0, url: '' },
    meeting: { link: '', is_must_participate: 0, is_day: '1', days: [], dates: [] },
    meta_data: [],
    embed_youtube: [],
    type: 'No Media',
  },
  quiz: {
    setting: storedSetting,
    quizzes: [
      {
        id: crypto.randomUUID(),
        type: 'multiple_choice',
        instruction: 'Pilih jawaban yang benar.',
        second: 3,
        gameplays: [gameplayId],
      },
    ],
  },
  is_clone: false,
  clone_of: null,
  approved_at: null,
  total_unread: 0,
  created_at: now,
  updated_at: now,
};

function renderEditor(onDirtyChange: (dirty: boolean) => void) {
  // The question is in the cache as the server answered it; nothing is fetched again.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnMount: false } },
  });
  client.setQueryData(gameplayKeys.many([gameplayId]), [gameplay]);
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <MemoryRouter>
          <PopupQuizEditor
            programId={programId}
            topicId={topicId}
            activity={activity}
            onDirtyChange={onDirtyChange}
          />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Soal 1' });
}

describe('PopupQuizEditor question label', () => {
  it('says a saved question is unsaved once edited, and saved again when edited back', () => {
    const onDirtyChange = vi.fn();
    const question = renderEditor(onDirtyChange);
    const label = within(question);
    expect(label.getByText('Tersimpan')).toBeTruthy();
    expect(label.queryByText('Belum disimpan')).toBeNull();
    expect(onDirtyChange).not.toHaveBeenCalled();

    const text = label.getByLabelText('Pertanyaan');
    fireEvent.change(text, { target: { value: `${savedText} (ubah)` } });
    expect(label.getByText('Belum disimpan')).toBeTruthy();
    expect(label.queryByText('Tersimpan')).toBeNull();
    // The label and the leave-page guard read the same per-question state.
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    fireEvent.change(text, { target: { value: savedText } });
    expect(label.getByText('Tersimpan')).toBeTruthy();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('says an edited option or correct answer is unsaved too', () => {
    const question = renderEditor(vi.fn());
    const label = within(question);
    fireEvent.click(label.getByRole('radio', { name: 'Jawaban benar: opsi 2' }));
    expect(label.getByText('Belum disimpan')).toBeTruthy();
    fireEvent.click(label.getByRole('radio', { name: 'Jawaban benar: opsi 1' }));
    expect(label.getByText('Tersimpan')).toBeTruthy();
    fireEvent.change(label.getByLabelText('Poin'), { target: { value: '3' } });
    expect(label.getByText('Belum disimpan')).toBeTruthy();
  });
});
