import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/** `DELETE /api/v1/packet/{program}/{topic}/{activity}/{packet}/delete` (sections go too). */
export function deletePacket(path: QuizActivityPath, packetId: string): Promise<unknown> {
  return http.delete(`/v1/packet/${activityPath(path)}/${encodeURIComponent(packetId)}/delete`);
}

export function useDeletePacket(path: QuizActivityPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packetId: string) => deletePacket(path, packetId),
    onSuccess: (_data, packetId) => {
      queryClient.removeQueries({ queryKey: quizKeys.groups(path.activityId, packetId) });
      return queryClient.invalidateQueries({ queryKey: quizKeys.packets(path.activityId) });
    },
  });
}
