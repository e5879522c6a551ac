import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@ajar/shared/quiz/quiz.schemas';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/** `GET /api/v1/group/{program}/{topic}/{activity}/{packet}/list`: sections with questions. */
export async function getGroups(
  path: QuizActivityPath,
  packetId: string,
  signal?: AbortSignal,
): Promise<Group[]> {
  const data = await http.get<{ list: Group[] }>(
    `/v1/group/${activityPath(path)}/${encodeURIComponent(packetId)}/list`,
    {},
    signal,
  );
  return data.list;
}

export const groupsQueryOptions = (path: QuizActivityPath, packetId: string) =>
  queryOptions({
    queryKey: quizKeys.groups(path.activityId, packetId),
    queryFn: ({ signal }) => getGroups(path, packetId, signal),
    // The editor copies the groups into its drafts once; a refetch must not replace them.
    staleTime: Infinity,
  });

export function useGroups(path: QuizActivityPath, packetId: string, enabled: boolean) {
  return useQuery({ ...groupsQueryOptions(path, packetId), enabled });
}
