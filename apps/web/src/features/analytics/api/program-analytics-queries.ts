import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  GainList,
  ProgramAnalytics,
  ProgramAnalyticsExport,
  ProgramAnalyticsFilters,
  ProgramAnalyticsSection,
} from '@ajar/shared/analytics/program-analytics.schemas';
import { http } from '@/api/http';

const base = (programId: string) => `/v1/analytics/program/${programId}`;

/** Query keys of the 'Analitik Program' screen. */
export const programAnalyticsKeys = {
  all: ['program-analytics'] as const,
  report: (programId: string, filters: ProgramAnalyticsFilters) =>
    [...programAnalyticsKeys.all, programId, 'report', filters] as const,
  gain: (programId: string, filters: ProgramAnalyticsFilters, page: number) =>
    [...programAnalyticsKeys.all, programId, 'gain', filters, page] as const,
};

/** `GET /api/v1/analytics/program/{id}`: every section, for the chosen education level. */
export function useProgramAnalytics(programId: string, filters: ProgramAnalyticsFilters) {
  return useQuery({
    queryKey: programAnalyticsKeys.report(programId, filters),
    queryFn: ({ signal }) => http.get<ProgramAnalytics>(base(programId), { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/gain`: one page of the participants' pre-test, post-test and gain. */
export function useProgramGain(programId: string, filters: ProgramAnalyticsFilters, page: number) {
  return useQuery({
    queryKey: programAnalyticsKeys.gain(programId, filters, page),
    queryFn: ({ signal }) =>
      http.get<GainList>(`${base(programId)}/gain`, { ...filters, page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/export`: one section's sheet; answers a short-lived `public_url`. */
export function useExportProgramAnalytics(programId: string) {
  return useMutation({
    mutationFn: (query: ProgramAnalyticsFilters & { section: ProgramAnalyticsSection }) =>
      http.get<ProgramAnalyticsExport>(`${base(programId)}/export`, { ...query }),
  });
}
