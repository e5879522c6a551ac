import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { http } from '@/api/http';
import { activityBasePath, activityKeys } from './activity-keys';

export interface ActivityRef {
  programId: string;
  topicId: string;
  id: string;
}

/** `GET /api/v1/activity/{program}/{topic}/{id}/show`. */
export function getActivity(ref: ActivityRef, signal?: AbortSignal): Promise<Activity> {
  const path = `${activityBasePath(ref.programId, ref.topicId)}/${encodeURIComponent(ref.id)}/show`;
  return http.get<Activity>(path, undefined, signal);
}

export const activityQueryOptions = (ref: ActivityRef) =>
  queryOptions({
    queryKey: activityKeys.detail(ref.id),
    queryFn: ({ signal }) => getActivity(ref, signal),
    // The edit form copies the record once, so it always starts from a fresh read.
    staleTime: 0,
  });

export function useActivity(ref: ActivityRef | null) {
  return useQuery({
    ...activityQueryOptions(ref ?? { programId: '', topicId: '', id: '' }),
    enabled: ref !== null,
  });
}
