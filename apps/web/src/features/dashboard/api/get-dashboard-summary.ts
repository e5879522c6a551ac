import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import { http } from '@/api/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

/** `GET /api/dashboard/v1/summary` (a trainer gets the figures of assigned programs only). */
export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return http.get<DashboardSummary>('/dashboard/v1/summary', undefined, signal);
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => getDashboardSummary(signal),
    // Opening the dashboard shows the cached figures at once and always asks for fresh ones
    // (a program published a moment ago should count).
    staleTime: 0,
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
