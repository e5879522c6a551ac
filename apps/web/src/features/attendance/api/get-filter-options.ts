import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@ajar/shared/common/envelope';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { http } from '@/api/http';
import { attendanceKeys } from './attendance-keys';

export interface FilterOption {
  id: string;
  label: string;
}

/** Every program the viewer may see (limit=-1; a trainer: assigned ones), for the dropdown. */
export function useProgramOptions() {
  return useQuery({
    queryKey: attendanceKeys.programs(),
    queryFn: ({ signal }) =>
      http
        .get<Paged<Program>>(
          '/program/v1/company/list',
          { page: 1, limit: -1, sort: 'created_at', sort_type: 'desc' },
          signal,
        )
        .then((data): FilterOption[] => data.list.map((p) => ({ id: p.id, label: p.title }))),
  });
}

/** The topics of the chosen program (`GET /api/topic/v1/list?program_id=…&limit=-1`). */
export function useTopicOptions(programId: string) {
  return useQuery({
    queryKey: attendanceKeys.topics(programId),
    queryFn: ({ signal }) =>
      http
        .get<Paged<Topic>>(
          '/topic/v1/list',
          { program_id: programId, limit: -1, sort: 'seq', sort_type: 'asc' },
          signal,
        )
        .then((data): FilterOption[] => data.list.map((t) => ({ id: t.id, label: t.name }))),
    enabled: Boolean(programId),
  });
}
