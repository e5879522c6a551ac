import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Packet } from '@ajar/shared/quiz/quiz.schemas';
import { http } from '@/api/http';
import { activityPath, quizKeys, type QuizActivityPath } from './quiz-keys';

/** `GET /api/v1/packet/{program}/{topic}/{activity}/list`: oldest first (spec 02 §4). */
export async function getPackets(path: QuizActivityPath, signal?: AbortSignal): Promise<Packet[]> {
  const data = await http.get<{ list: Packet[] }>(
    `/v1/packet/${activityPath(path)}/list`,
    {},
    signal,
  );
  return data.list;
}

export const packetsQueryOptions = (path: QuizActivityPath) =>
  queryOptions({
    queryKey: quizKeys.packets(path.activityId),
    queryFn: ({ signal }) => getPackets(path, signal),
  });

export function usePackets(path: QuizActivityPath) {
  return useQuery(packetsQueryOptions(path));
}
