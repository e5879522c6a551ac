import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Study, StudyCreateBody } from '@ajar/shared/studies/studies.schemas';
import { http } from '@/api/http';
import { studyKeys } from './get-studies';

/** `POST /api/study/v1/create`; a name that exists answers the existing field. */
export function createStudy(body: StudyCreateBody): Promise<Study> {
  return http.post<Study>('/study/v1/create', body);
}

export function useCreateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyKeys.all }),
  });
}
