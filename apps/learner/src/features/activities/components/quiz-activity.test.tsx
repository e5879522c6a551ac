import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import type {
  MemberActivityDetail,
  QuizResult,
  QuizStartData,
} from '@ajar/shared/members/member-learning.schemas';

/**
 * The quiz screen against a member API played by a stubbed `fetch` that keeps the attempt as
 * the server does (answers saved one by one, returned by `start`): answers are kept on the
 * phone and on the server, a reopened screen resumes the attempt as it was, online or not.
 */

const programId = '00000000-0000-4000-8000-000000000001';
const activityId = '00000000-0000-4000-8000-000000000002';
const attemptId = '00000000-0000-4000-8000-000000000003';
const qid = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

const question = (n: number) => ({
  id: qid(n),
  type: 'multiple_choice',
  question: { text: `Soal ${n}`, media: null },
  instruction: null,
  audio: null,
  options: ['A', 'B', 'C'].map((text) => ({ text, media: null })),
});

interface Server {
  answers: Record<string, number>;
  saves: { question_id: string; answer: number | null }[];
  submits: { answers: Record<string, number | null>; idempotency_key: string }[];
  reachable: boolean;
  /** The attempt's time in seconds, and its deadline (ms) once started. */
  seconds: number;
  deadline: number | null;
}
let server: Server;

// A whole MUI screen in jsdom on a busy machine takes seconds to show: waits get ten.
configure({ asyncUtilTimeout: 10_000 });

/** The attempt as the server answers `start`: its time counts from the first start. */
function startData(): QuizStartData {
  server.deadline ??= Date.now() + server.seconds * 1000;
  return {
    attempt: {
      id: attemptId,
      attempt_no: 1,
      started_at: new Date().toISOString(),
      deadline_at: new Date(server.deadline).toISOString(),
      submitted_at: null,
      score: null,
      passed: null,
    },
    attempts_left: 0,
    seconds_left: Math.max(0, Math.round((server.deadline - Date.now()) / 1000)),
    sections: [{ name: 'Bagian A', questions: [1, 2, 3, 4].map(question) }],
    answers: { ...server.answers },
  };
}

/** One of four right (33,33): 'Tampilkan Jawaban' on, explanations for question 1 and 2. */
function resultData(): QuizResult {
  return {
    attempt: { ...startData().attempt, submitted_at: new Date().toISOString(), score: 25 },
    passed: false,
    score: 33.333333,
    best_score: 33.333333,
    sections: [{ name: 'Bagian A', score: 33.333333, min_score: 50, passed: false }],
    answers: [1, 2, 3, 4].map((n) => ({
      id: qid(n),
      correct: n === 1,
      correct_options: [0],
      explanation:
        n === 1
          ? { text: '<p>Benar, <b>A</b> tepat.</p>', media: null }
          : n === 2
            ? { text: '<p>Jawaban yang benar A.</p>', media: null }
            : null,
    })),
    attempts_left: 0,
    is_complete: false,
    progress: 0,
  };
}

function reply(data: unknown, status = 200) {
  return new Response(JSON.stringify({ status, message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  localStorage.clear();
  // jsdom lays nothing out and has no scrolling: the result's scroll into view is a no-op.
  Element.prototype.scrollIntoView = () => undefined;
  vi.stubGlobal('indexedDB', new IDBFactory());
  server = { answers: {}, saves: [], submits: [], reachable: true, seconds: 600, deadline: null };
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => server.reachable);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!server.reachable) throw new TypeError('Failed to fetch');
      const path = new URL(url, 'http://localhost').pathname;
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      if (path.endsWith('/quiz/start')) return reply(startData());
      if (path.endsWith('/answer')) {
        const save = body as { question_id: string; answer: number | null };
        server.saves.push(save);
        if (save.answer === null) delete server.answers[save.question_id];
        else server.answers[save.question_id] = save.answer;
        return reply({ ...save, attempt_id: attemptId, answered_count: 0 });
      }
      if (path.endsWith('/submit')) {
        server.submits.push(body as Server['submits'][number]);
        return reply(resultData());
      }
      return reply(null, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function activity(open: boolean): MemberActivityDetail {
  return {
    id: activityId,
    topic_id: '00000000-0000-4000-8000-000000000009',
    name: 'Kuis 1',
    type: 'quiz',
    seq: 1,
    completion: 'quiz',
    is_complete: false,
    completed_at: null,
    score: null,
    attempts: 0,
    upload: null,
    feedback: null,
    state: open ? 'sedang' : 'belum',
    lock_reason: null,
    locked_by: null,
    settings: { is_skip: 1, is_show_timer: 1 },
    content: {},
    attempts_left: open ? 0 : 1,
    question_count: { min: 4, max: 4 },
    history: open ? [startData().attempt] : [],
    video_position: null,
    video_max_position: null,
    video_duration: null,
    requirement: {
      route: 'quiz',
      content_missing: false,
      watched_percent: 0,
      required_percent: 0,
      popups_left: 0,
      opened_at: null,
      link_followed_at: null,
      required_seconds: 0,
      file_url: null,
      link_url: null,
    },
  };
}

async function renderQuiz(detail: MemberActivityDetail) {
  // Imported after the stubs: the queue starts on import.
  const { QuizActivity } = await import('./quiz-activity');
  const router = createMemoryRouter(
    [
      { path: '/quiz', element: <QuizActivity programId={programId} activity={detail} /> },
      { path: '/program', element: <p>Daftar aktivitas</p> },
    ],
    { initialEntries: ['/program', '/quiz'], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const choose = (n: number, option: string) =>
  fireEvent.click(
    within(screen.getByRole('radiogroup', { name: `Jawaban nomor ${n}` })).getByRole('radio', {
      name: option,
    }),
  );

const chosen = (n: number, option: string) =>
  (
    within(screen.getByRole('radiogroup', { name: `Jawaban nomor ${n}` })).getByRole('radio', {
      name: option,
    }) as HTMLInputElement
  ).checked;

describe('quiz activity', () => {
  it('tells what the quiz is in plain words, and lands on the score with explanations', async () => {
    const detail = {
      ...activity(false),
      settings: {
        ...defaultActivitySettings,
        is_skip: 1,
        is_show_timer: 1,
        timer: 30,
        is_show_score: 1,
        is_show_answer: 1,
        opportunity_repeat_test: 0,
        set_minimum_value: { is_set: 1, minimum_value: 70 },
      },
    };
    // jsdom lays nothing out: the scroll is recorded.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await renderQuiz(detail);
    const intro = screen.getByRole('region', { name: 'Tentang kuis ini' });
    expect(
      within(intro)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Kuis ini terdiri dari 4 soal.',
      'Waktu mengerjakan 30 menit, dihitung sejak Anda menekan Mulai.',
      'Sisa kesempatan mengerjakan: 1 kali.',
      'Anda lulus dengan nilai minimal 70 (dari 100).',
      'Anda boleh melewati soal dan menjawabnya nanti.',
      'Nilai Anda tampil setelah jawaban dikirim.',
      'Setelah mengirim, Anda dapat melihat jawaban yang benar beserta pembahasannya.',
    ]);
    // The staff's setting names stay in the back office.
    expect(document.body.textContent).not.toMatch(/Skip|Acak Soal|Section|Minimal Score/);

    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    choose(1, 'A');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Jawaban' }));

    const result = await screen.findByRole('region', { name: 'Hasil kuis' });
    expect(within(result).getByLabelText('Skor').textContent).toBe('33,33');
    within(result).getByText(/Skor terbaik 33,33/);
    // The score takes focus (and is scrolled to).
    await waitFor(() => expect(document.activeElement?.contains(result)).toBe(true));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    const right = screen.getByRole('complementary', { name: 'Pembahasan nomor 1' });
    expect(right.innerHTML).toContain('<b>A</b>');
    screen.getByRole('complementary', { name: 'Pembahasan nomor 2' });
    expect(screen.queryByRole('complementary', { name: 'Pembahasan nomor 3' })).toBeNull();
  });

  it('saves each answer at once and reopens the attempt with them after a reload', async () => {
    await renderQuiz(activity(false));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    choose(1, 'B');
    choose(2, 'C');
    expect(screen.getByText('2 dari 4 soal terjawab')).toBeTruthy();
    await waitFor(() =>
      expect(server.saves).toEqual([
        expect.objectContaining({ question_id: qid(1), answer: 1 }),
        expect.objectContaining({ question_id: qid(2), answer: 2 }),
      ]),
    );

    // A reload: the screen opens again with the attempt running, and reopens it by itself.
    cleanup();
    await renderQuiz(activity(true));
    await screen.findByText('2 dari 4 soal terjawab');
    expect(chosen(1, 'B')).toBe(true);
    expect(chosen(2, 'C')).toBe(true);
  });

  it('reopens the attempt from the phone when the connection is gone', async () => {
    await renderQuiz(activity(false));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    server.reachable = false;
    choose(3, 'A');
    cleanup();
    await renderQuiz(activity(true));
    await screen.findByText('1 dari 4 soal terjawab');
    expect(chosen(3, 'A')).toBe(true);
    // Nothing reached the server; the answer waits in the queue.
    expect(server.saves).toEqual([]);
  });

  it('opens with the answers the server holds when the phone keeps none (another device)', async () => {
    server.answers = { [qid(4)]: 2 };
    await renderQuiz(activity(true));
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    await screen.findByText('1 dari 4 soal terjawab');
    expect(chosen(4, 'C')).toBe(true);
  });

  it('asks before leaving a running attempt, and stays when asked to', async () => {
    const router = await renderQuiz(activity(false));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    // The participant answers, then presses back (the guard is armed by then, as on a phone).
    choose(1, 'A');
    // Saved (what is sent and how often is the first test's matter; here only the guard).
    await waitFor(() => expect(server.saves.length).toBeGreaterThan(0));
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tinggalkan kuis?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tetap mengerjakan' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/quiz');
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole('button', { name: 'Tinggalkan' }));
    await screen.findByText('Daftar aktivitas', {}, { timeout: 10_000 });
  });
});

/**
 * The clock: the player's interval and the wall clock are faked (the fetches and the queue's
 * timeouts stay real), so `vi.waitFor` (which keeps real timers) waits on the screen.
 */
const fakeClock = () =>
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() });
const until = <T,>(check: () => T) => vi.waitFor(check, { timeout: 10_000 });
const timerText = () => screen.getByRole('timer').getAttribute('aria-label');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Settings that parse, questions that may be skipped (so 'Kirim Jawaban' is open at once). */
const skippable = (detail: MemberActivityDetail): MemberActivityDetail => ({
  ...detail,
  settings: { ...defaultActivitySettings, is_skip: 1, is_show_timer: 1 },
});

describe('quiz activity: the clock and the submit', () => {
  it("counts down the server's time and sends the answers by itself, once, at zero", async () => {
    server.seconds = 30;
    fakeClock();
    await renderQuiz(skippable(activity(false)));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await until(() => screen.getByText('0 dari 4 soal terjawab'));
    expect(timerText()).toBe('Sisa waktu 00:30');
    choose(2, 'B');
    await advance(20_000);
    expect(timerText()).toBe('Sisa waktu 00:10');
    await advance(9_000);
    // Not a moment early.
    expect(server.submits).toEqual([]);
    await advance(1_200);
    await until(() => screen.getByText('Hasil percobaan ke-1'));
    expect(server.submits).toEqual([
      { answers: { [qid(2)]: 1 }, idempotency_key: expect.any(String) as string },
    ]);
    await advance(5_000);
    expect(server.submits).toHaveLength(1);
  });

  it('reopens after a reload with the time that was left, never more', async () => {
    fakeClock();
    await renderQuiz(skippable(activity(false)));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await until(() => screen.getByText('0 dari 4 soal terjawab'));
    choose(1, 'C');
    await advance(200_000);
    expect(timerText()).toBe('Sisa waktu 06:40');
    // The tab is killed while offline and opened again a minute later.
    server.reachable = false;
    cleanup();
    await vi.advanceTimersByTimeAsync(60_000);
    await renderQuiz(skippable(activity(true)));
    await until(() => screen.getByText('1 dari 4 soal terjawab'));
    expect(chosen(1, 'C')).toBe(true);
    // 600 s less 260 s away (less the few ms `vi.waitFor` moves the faked clock).
    const [, mm, ss] = /(\d\d):(\d\d)$/.exec(timerText() ?? '') ?? [];
    const left = Number(mm) * 60 + Number(ss);
    expect(left).toBeLessThanOrEqual(340);
    expect(left).toBeGreaterThan(335);
  });

  it('sends the submit once however often it is tapped', async () => {
    await renderQuiz(skippable(activity(false)));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    choose(1, 'A');
    const send = screen.getByRole('button', { name: 'Kirim Jawaban' });
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByText('Hasil percobaan ke-1');
    expect(server.submits).toHaveLength(1);
  });

  it('keeps a submit made offline, and sends it once with the attempt key when back', async () => {
    await renderQuiz(skippable(activity(false)));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('0 dari 4 soal terjawab');
    server.reachable = false;
    choose(4, 'B');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Jawaban' }));
    await screen.findByText('Menunggu koneksi…');
    // A reload while it waits: the attempt reopens and the participant sends again.
    cleanup();
    await renderQuiz(skippable(activity(true)));
    await screen.findByText('1 dari 4 soal terjawab');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Jawaban' }));
    await screen.findByText('Menunggu koneksi…');
    expect(server.submits).toEqual([]);

    server.reachable = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByText('Hasil percobaan ke-1');
    expect(server.submits).toHaveLength(1);
    expect(server.submits[0]!.answers).toEqual({ [qid(4)]: 1 });
    // Nothing sent twice: the answer's own save, if it was queued before the reload (on a busy
    // machine the reload can come first), is that answer, once; the submit carries it either way.
    expect(server.saves.length).toBeLessThanOrEqual(1);
    for (const save of server.saves) {
      expect(save).toEqual(expect.objectContaining({ question_id: qid(4), answer: 1 }));
    }
  });
});
