import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Packet } from '@ajar/shared/quiz/quiz.schemas';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/** `POST /api/v1/packet/{program}/{topic}/{activity}/create`, status publish (spec 02 §4). */
export function createPacket(path: QuizActivityPath): Promise<Packet> {
  return http.post<Packet>(`/v1/packet/${activityPath(path)}/create`, { status: 'publish' });
}

export function useCreatePacket(path: QuizActivityPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createPacket(path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.packets(path.activityId) }),
  });
}
