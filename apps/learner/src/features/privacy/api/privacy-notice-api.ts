import { queryOptions } from '@tanstack/react-query';
import type { MemberConsentStatus, PrivacyNotice } from '@ajar/shared/privacy/privacy.schemas';
import { http } from '../../../api/http';
import { setConsentRequired } from '../../../api/session';
import { queryClient } from '../../../query-client';

/** The notice in force, readable signed out. */
export const privacyNoticeQuery = queryOptions({
  queryKey: ['privacy', 'notice'],
  queryFn: () => http.get<PrivacyNotice | null>('/privacy/notice'),
});

/** Whether the member must agree to the notice in force, and that notice. */
export const consentStatusQuery = queryOptions({
  queryKey: ['privacy', 'consent'],
  queryFn: () => http.get<MemberConsentStatus>('/privacy/consent'),
});

/** 'Setuju': the app opens again, and what it refused meanwhile is asked again. */
export async function agreeToNotice(version: number): Promise<void> {
  await http.post<MemberConsentStatus>('/privacy/consent', { version });
  setConsentRequired(false);
  await queryClient.invalidateQueries();
}
