import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityQuizUpdateInput } from '@ajar/shared/activities/activities-popup-quiz.schemas';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import type { Gameplay, GameplayCreateInput } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { http } from '@/api/http';

export const gameplayKeys = {
  all: ['gameplays'] as const,
  many: (ids: string[]) => ['gameplays', 'multi', ids.join(',')] as const,
};

/** `GET /api/gameplay/v1/show_multi?ids=a,b`: the questions in the order asked. */
export function getGameplays(ids: string[], signal?: AbortSignal): Promise<Gameplay[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return http.get<Gameplay[]>('/gameplay/v1/show_multi', { ids: ids.join(',') }, signal);
}

export const gameplaysQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: gameplayKeys.many(ids),
    queryFn: ({ signal }) => getGameplays(ids, signal),
    // The editor copies the questions once; it starts from a fresh read.
    staleTime: 0,
  });

export function useGameplays(ids: string[]) {
  return useQuery(gameplaysQueryOptions(ids));
}

/** Create (no id) or update a pop-up question. */
export function saveGameplay(id: string | undefined, body: GameplayCreateInput): Promise<Gameplay> {
  return id
    ? http.put<Gameplay>(`/gameplay/v1/update/${encodeURIComponent(id)}`, body)
    : http.post<Gameplay>('/gameplay/v1/create', body);
}

export function useSaveGameplay() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: GameplayCreateInput }) =>
      saveGameplay(id, body),
  });
}

export function deleteGameplay(id: string): Promise<null> {
  return http.delete<null>(`/gameplay/v1/delete/${encodeURIComponent(id)}`);
}

export function useDeleteGameplay() {
  return useMutation({ mutationFn: (id: string) => deleteGameplay(id) });
}

export interface QuizRef {
  programId: string;
  topicId: string;
  id: string;
}

/** `PUT /api/v1/activity/{program}/{topic}/{id}/update-quiz`: answers the activity. */
export function saveActivityQuiz(ref: QuizRef, body: ActivityQuizUpdateInput): Promise<Activity> {
  const path =
    `/v1/activity/${encodeURIComponent(ref.programId)}/${encodeURIComponent(ref.topicId)}` +
    `/${encodeURIComponent(ref.id)}/update-quiz`;
  return http.put<Activity>(path, body);
}

export function useSaveActivityQuiz(ref: QuizRef) {
  return useMutation({
    mutationFn: (body: ActivityQuizUpdateInput) => saveActivityQuiz(ref, body),
  });
}
