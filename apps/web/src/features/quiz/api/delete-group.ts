import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/** `DELETE /api/v1/group/{program}/{topic}/{activity}/{packet}/{group_id}/delete` (its section too). */
export function deleteGroup(path: QuizActivityPath, packetId: string, groupId: string) {
  return http.delete<null>(
    `/v1/group/${activityPath(path)}/${encodeURIComponent(packetId)}/${encodeURIComponent(groupId)}/delete`,
  );
}

export function useDeleteGroup(path: QuizActivityPath, packetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => deleteGroup(path, packetId, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.packets(path.activityId) }),
  });
}
