import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PrivacyNotice,
  PrivacyNoticeAdmin,
  PrivacyNoticeBody,
} from '@ajar/shared/privacy/privacy.schemas';
import { http } from '@/api/http';

const noticeKeys = {
  all: ['privacy', 'notice'] as const,
  version: (version: number) => ['privacy', 'notice', 'version', version] as const,
};

/** `GET /api/privacy/v1/notice`: the notice in force and every version. */
export const privacyNoticeQuery = queryOptions({
  queryKey: noticeKeys.all,
  queryFn: ({ signal }) => http.get<PrivacyNoticeAdmin>('/privacy/v1/notice', {}, signal),
});

export function usePrivacyNotice() {
  return useQuery(privacyNoticeQuery);
}

/** One version's text, read when it is opened. */
export function usePrivacyNoticeVersion(version: number | null) {
  return useQuery({
    queryKey: noticeKeys.version(version ?? 0),
    queryFn: ({ signal }) =>
      http.get<PrivacyNotice>(`/privacy/v1/notice/versions/${version}`, {}, signal),
    enabled: version !== null,
  });
}

/** Saves the text: a changed one becomes the next version. */
export function useSavePrivacyNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyNoticeBody) =>
      http.put<PrivacyNoticeAdmin>('/privacy/v1/notice', body),
    onSuccess: (data) => client.setQueryData(noticeKeys.all, data),
  });
}
