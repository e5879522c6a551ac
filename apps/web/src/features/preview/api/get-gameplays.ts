import { useQuery } from '@tanstack/react-query';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { http } from '../../../api/http';
import { previewKeys } from './preview-keys';

/** `GET /api/gameplay/v1/show_multi?ids=a,b`: the pop-up questions, in the order asked. */
export function useGameplays(ids: readonly string[]) {
  return useQuery({
    queryKey: previewKeys.gameplays(ids),
    queryFn: ({ signal }) =>
      http.get<Gameplay[]>('/gameplay/v1/show_multi', { ids: ids.join(',') }, signal),
    enabled: ids.length > 0,
    staleTime: 0,
  });
}
