import type {
  MemberProfileUpdateBody,
  MemberUpdatePasswordBody,
} from '@ajar/shared/members/member-account.schemas';
import type { MemberProfile } from '@ajar/shared/members/members.schemas';
import { queryOptions } from '@tanstack/react-query';
import { http, upload } from '../../../api/http';
import { readSession, writeSession } from '../../../api/session';
import { queryClient } from '../../../query-client';

/** The member's own profile, fresh from the server. */
export const profileQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => http.get<MemberProfile>('/me'),
});

/** Keeps a changed profile in the cache and in the stored session (the name shown offline). */
function keep(profile: MemberProfile): MemberProfile {
  queryClient.setQueryData(profileQuery.queryKey, profile);
  const session = readSession();
  if (session) writeSession({ ...session, member: profile });
  return profile;
}

export const profileApi = {
  update: (body: MemberProfileUpdateBody) => http.put<MemberProfile>('/profile', body).then(keep),
  uploadPhoto: (photo: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append('file', photo);
    return upload<MemberProfile>('POST', '/profile/photo', form, onProgress).then(keep);
  },
  updatePassword: (body: MemberUpdatePasswordBody) => http.put<null>('/update-password', body),
};
