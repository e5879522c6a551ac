import { queryOptions } from '@tanstack/react-query';
import type { MemberGradesData } from '@ajar/shared/members/member-grades.schemas';
import { http } from '../../../api/http';

/**
 * `GET /program/{programId}/grades`: 'Nilai'. Its key lies under the program's
 * (`['my-program', id]`), so what refreshes the program after a submission refreshes it too.
 */
export const gradesQuery = (programId: string) =>
  queryOptions({
    queryKey: ['my-program', programId, 'grades'] as const,
    queryFn: ({ signal }) =>
      http.get<MemberGradesData>(
        `/program/${encodeURIComponent(programId)}/grades`,
        undefined,
        signal,
      ),
  });
