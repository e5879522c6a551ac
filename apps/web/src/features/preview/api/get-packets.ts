import { useQuery } from '@tanstack/react-query';
import type { Group, Packet } from '@ajar/shared/quiz/quiz.schemas';
import { http } from '../../../api/http';
import { activityScopedPath, previewKeys } from './preview-keys';
import type { PreviewRef } from './get-preview-activity';

/** `GET /api/v1/packet/{program}/{topic}/{activity}/list`: packets, oldest first. */
export function usePackets(ref: PreviewRef) {
  return useQuery({
    queryKey: previewKeys.packets(ref.id),
    queryFn: ({ signal }) =>
      http.get<{ list: Packet[] }>(
        `${activityScopedPath('packet', ref.programId, ref.topicId, ref.id)}/list`,
        undefined,
        signal,
      ),
    select: (data) => data.list,
    staleTime: 0,
  });
}

/** `GET /api/v1/group/{program}/{topic}/{activity}/{packet}/list`: sections with their questions. */
export function useGroups(ref: PreviewRef, packetId: string | null) {
  return useQuery({
    queryKey: previewKeys.groups(ref.id, packetId ?? ''),
    queryFn: ({ signal }) =>
      http.get<{ list: Group[] }>(
        `${activityScopedPath('group', ref.programId, ref.topicId, ref.id)}/${encodeURIComponent(packetId ?? '')}/list`,
        undefined,
        signal,
      ),
    select: (data) => data.list,
    enabled: packetId !== null,
    staleTime: 0,
  });
}
