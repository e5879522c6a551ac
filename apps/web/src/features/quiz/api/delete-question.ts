import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { quizKeys } from './quiz-keys';

/** `DELETE /api/bank/v1/question/admin/delete/{id}`: the rest of its section closes the gap. */
export function deleteQuestion(id: string) {
  return http.delete<null>(`/bank/v1/question/admin/delete/${encodeURIComponent(id)}`);
}

export function useDeleteQuestion(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.packets(activityId) }),
  });
}
