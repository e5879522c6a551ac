import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  QuestionStats,
  QuestionStatsExport,
  QuestionStatsParams,
  QuestionStatsQuery,
} from '@ajar/shared/analytics/question-stats.schemas';
import { http } from '@/api/http';

const pathOf = (p: QuestionStatsParams) =>
  `/v1/analytics/question-stats/${p.program}/${p.topic}/${p.activity}`;

export const questionStatsKeys = {
  all: ['question-stats'] as const,
  stats: (params: QuestionStatsParams, query: QuestionStatsQuery) =>
    [...questionStatsKeys.all, params, query] as const,
};

/** `GET /api/v1/analytics/question-stats/…`: a quiz-type activity's question statistics. */
export function useQuestionStats(params: QuestionStatsParams, query: QuestionStatsQuery) {
  return useQuery({
    queryKey: questionStatsKeys.stats(params, query),
    queryFn: ({ signal }) => http.get<QuestionStats>(pathOf(params), { ...query }, signal),
    // A new filter keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** `GET …/xlsx`: the per-question table as an .xlsx, answered as a download link. */
export function useExportQuestionStats(params: QuestionStatsParams) {
  return useMutation({
    mutationFn: (query: QuestionStatsQuery) =>
      http.get<QuestionStatsExport>(`${pathOf(params)}/xlsx`, { ...query }),
  });
}
