import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { http } from '../../../api/http';
import { activityScopedPath, previewKeys } from './preview-keys';

export interface PreviewRef {
  programId: string;
  topicId: string;
  id: string;
}

/** `GET /api/v1/activity/{program}/{topic}/{id}/show`. */
export function getPreviewActivity(ref: PreviewRef, signal?: AbortSignal): Promise<Activity> {
  const path = `${activityScopedPath('activity', ref.programId, ref.topicId)}/${encodeURIComponent(ref.id)}/show`;
  return http.get<Activity>(path, undefined, signal);
}

/** The activity as last saved: a preview always reads it fresh. */
export function usePreviewActivity(ref: PreviewRef) {
  return useQuery({
    queryKey: previewKeys.activity(ref.id),
    queryFn: ({ signal }) => getPreviewActivity(ref, signal),
    staleTime: 0,
  });
}

/** Program and topic titles for the breadcrumb (same calls and keys as the other screens). */
export function usePreviewContext(programId: string, topicId: string) {
  const program = useQuery({
    queryKey: previewKeys.program(programId),
    queryFn: ({ signal }) =>
      http.get<Program>(
        `/program/v1/company/detail/${encodeURIComponent(programId)}`,
        undefined,
        signal,
      ),
  });
  const topic = useQuery({
    queryKey: previewKeys.topic(topicId),
    queryFn: ({ signal }) =>
      http.get<Topic>(`/topic/v1/detail/${encodeURIComponent(topicId)}`, undefined, signal),
  });
  return { program, topic };
}
