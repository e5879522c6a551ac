import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { activityKeys } from './activity-keys';

/** `GET /api/program/v1/company/detail/{id}`: the program's title for the breadcrumb. */
export function getProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return http.get<Program>(
    `/program/v1/company/detail/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
}

/** `GET /api/topic/v1/detail/{id}`: the topic's name for the breadcrumb. */
export function getTopic(id: string, signal?: AbortSignal): Promise<Topic> {
  return http.get<Topic>(`/topic/v1/detail/${encodeURIComponent(id)}`, undefined, signal);
}

export const programQueryOptions = (id: string) =>
  queryOptions({
    queryKey: activityKeys.program(id),
    queryFn: ({ signal }) => getProgram(id, signal),
  });

export const topicQueryOptions = (id: string) =>
  queryOptions({ queryKey: activityKeys.topic(id), queryFn: ({ signal }) => getTopic(id, signal) });

/** The program and topic an activity belongs to (titles for the header and breadcrumb). */
export function useActivityContext(programId: string, topicId: string) {
  const program = useQuery(programQueryOptions(programId));
  const topic = useQuery(topicQueryOptions(topicId));
  return { program, topic };
}
