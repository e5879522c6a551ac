import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, SaveSectionBody } from '@ajar/shared/quiz/quiz.schemas';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/**
 * `PUT /api/v1/packet/{program}/{topic}/{activity}/{packet}/save-section`: the section, its
 * questions and its group in one server transaction. Answers the saved group.
 */
export function saveSection(
  path: QuizActivityPath,
  packetId: string,
  body: SaveSectionBody,
): Promise<Group> {
  return http.put<Group>(
    `/v1/packet/${activityPath(path)}/${encodeURIComponent(packetId)}/save-section`,
    body,
  );
}

/** After a save the packet list is reloaded (spec 02 §4). */
export function useSaveSection(path: QuizActivityPath, packetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSectionBody) => saveSection(path, packetId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.packets(path.activityId) }),
  });
}
