import { queryOptions } from '@tanstack/react-query';
import { readReplyData } from '@ajar/shared/common/api-client';
import type { CheckInData } from '@ajar/shared/attendance/attendance.schemas';
import {
  quizResultSchema,
  quizStartDataSchema,
  type CompleteData,
  type MemberActivityDetail,
  type MemberCertificateData,
  type MyProgramDetail,
  type QuizAnswerSaved,
  type VideoProgressData,
} from '@ajar/shared/members/member-learning.schemas';
import type {
  MemberPopupQuizzesData,
  PopupAnswer,
  PopupAnswerResult,
} from '@ajar/shared/members/member-popup.schemas';
import { http, upload } from '../../../api/http';
import { activityKeys } from './activity-keys';
import { sendOrQueue, startOfflineQueue } from '../../../lib/offline-queue';
import { readSent } from '../../../lib/read-sent';

startOfflineQueue();

const enc = encodeURIComponent;
const activityPath = (programId: string, activityId: string) =>
  `/program/${enc(programId)}/activity/${enc(activityId)}`;

/** `GET /program/detail/{programId}`: progress, topics and activities with their state. */
export const programDetailQuery = (programId: string) =>
  queryOptions({
    queryKey: activityKeys.program(programId),
    queryFn: ({ signal }) =>
      http.get<MyProgramDetail>(`/program/detail/${enc(programId)}`, undefined, signal),
  });

/** `GET /program/{programId}/activity/{activityId}`: content, settings, progress, attempts. */
export const activityQuery = (programId: string, activityId: string) =>
  queryOptions({
    queryKey: activityKeys.activity(programId, activityId),
    queryFn: ({ signal }) =>
      http.get<MemberActivityDetail>(activityPath(programId, activityId), undefined, signal),
  });

/** `GET …/gameplays`: the video's pop-ups without their answers. */
export const gameplaysQuery = (programId: string, activityId: string) =>
  queryOptions({
    queryKey: activityKeys.gameplays(programId, activityId),
    queryFn: ({ signal }) =>
      http.get<MemberPopupQuizzesData>(
        `${activityPath(programId, activityId)}/gameplays`,
        undefined,
        signal,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `GET /program/{programId}/certificate`, once the program is complete. */
export const certificateQuery = (programId: string) =>
  queryOptions({
    queryKey: activityKeys.certificate(programId),
    queryFn: ({ signal }) =>
      http.get<MemberCertificateData>(`/program/${enc(programId)}/certificate`, undefined, signal),
  });

export const completeActivity = (programId: string, activityId: string) =>
  http.post<CompleteData>(`${activityPath(programId, activityId)}/complete`);

export const startQuiz = (programId: string, activityId: string) =>
  http.post(`${activityPath(programId, activityId)}/quiz/start`, undefined, quizStartDataSchema);

/** What waits in the offline queue for one action (its button shows it, `useQueued`). */
export const queueSlots = {
  quizAnswer: (attemptId: string, questionId: string) => `quiz-answer:${attemptId}:${questionId}`,
  quizSubmit: (attemptId: string) => `quiz-submit:${attemptId}`,
  popup: (gameplayId: string) => `popup:${gameplayId}`,
  attendance: (activityId: string) => `attendance:${activityId}`,
  videoProgress: (activityId: string) => `video-progress:${activityId}`,
};

/**
 * Saves one answer of a running attempt as it is given; offline it waits on the device, and a
 * newer answer to the same question replaces the one waiting.
 */
export const saveQuizAnswer = (
  programId: string,
  activityId: string,
  attemptId: string,
  questionId: string,
  answer: number | null,
) => {
  const key = crypto.randomUUID();
  return sendOrQueue<QuizAnswerSaved>(
    {
      key,
      kind: 'quiz-answer',
      slot: queueSlots.quizAnswer(attemptId, questionId),
      method: 'PUT',
      path: `${activityPath(programId, activityId)}/quiz/${enc(attemptId)}/answer`,
      body: { question_id: questionId, answer, idempotency_key: key },
    },
    'replace',
  );
};

/**
 * Submits the answers with the attempt's one key (every send of it is the same request);
 * offline it waits on the device behind the answers saved before it.
 */
export const submitQuiz = (
  programId: string,
  activityId: string,
  attemptId: string,
  answers: Record<string, number | null>,
  key: string,
) =>
  sendOrQueue<unknown>({
    key,
    kind: 'quiz',
    slot: queueSlots.quizSubmit(attemptId),
    method: 'POST',
    path: `${activityPath(programId, activityId)}/quiz/${enc(attemptId)}/submit`,
    body: { answers, idempotency_key: key },
  }).then(readSent(quizResultSchema));

/** The result of a submit the offline queue sent later, checked as the one sent at once. */
export const readQuizResult = (data: unknown) => readReplyData(quizResultSchema, data);

/** One pop-up answer, scored on the server; offline it waits with its idempotency key. */
export const answerGameplay = (
  programId: string,
  activityId: string,
  gameplayId: string,
  answer: PopupAnswer,
) => {
  const key = crypto.randomUUID();
  return sendOrQueue<PopupAnswerResult>({
    key,
    kind: 'popup',
    slot: queueSlots.popup(gameplayId),
    method: 'POST',
    path: `${activityPath(programId, activityId)}/gameplay/${enc(gameplayId)}/answer`,
    body: { answer, idempotency_key: key },
  });
};

/** 'Presensi'; offline it waits with its idempotency key (once: a second tap is not queued). */
export const checkIn = (programId: string, activityId: string) => {
  const key = crypto.randomUUID();
  return sendOrQueue<CheckInData>({
    key,
    kind: 'attendance',
    slot: queueSlots.attendance(activityId),
    method: 'POST',
    path: `${activityPath(programId, activityId)}/attendance`,
    body: { idempotency_key: key },
  });
};

/**
 * Reports where a video is. Offline the latest report waits on the device (a newer one replaces
 * it) and is sent once when the connection returns: the position is kept for resuming; the
 * server credits watching only as far as its own clock allows, so a late report adds no seconds.
 */
export const saveVideoProgress = (
  programId: string,
  activityId: string,
  position: number,
  duration: number,
) =>
  sendOrQueue<VideoProgressData>(
    {
      key: crypto.randomUUID(),
      kind: 'video-progress',
      slot: queueSlots.videoProgress(activityId),
      method: 'PUT',
      path: `${activityPath(programId, activityId)}/video-progress`,
      body: {
        position_seconds: Math.round(position * 10) / 10,
        duration_seconds: Math.round(duration * 10) / 10,
      },
    },
    'replace',
  );

/** 'Unggah Tugas': multipart `file` and `note`, with upload progress (0…1). */
export const uploadWork = (
  programId: string,
  activityId: string,
  file: File,
  note: string,
  onProgress: (fraction: number) => void,
) => {
  const form = new FormData();
  form.append('note', note);
  form.append('file', file);
  return upload<CompleteData>(
    'POST',
    `${activityPath(programId, activityId)}/upload`,
    form,
    onProgress,
  );
};
