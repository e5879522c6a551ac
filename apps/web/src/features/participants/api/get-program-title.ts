import { useQuery } from '@tanstack/react-query';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { http } from '@/api/http';
import { participantKeys } from './participant-keys';

/** The program's title for the page heading (`GET /api/program/v1/company/detail/{id}`). */
export function useProgramTitle(programId: string) {
  return useQuery({
    queryKey: participantKeys.program(programId),
    queryFn: ({ signal }) =>
      http
        .get<Program>(`/program/v1/company/detail/${encodeURIComponent(programId)}`, {}, signal)
        .then((p) => ({ id: p.id, title: p.title })),
  });
}
