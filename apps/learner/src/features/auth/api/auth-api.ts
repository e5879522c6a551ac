import type {
  MemberForgotPasswordBody,
  MemberResetPasswordBody,
} from '@ajar/shared/members/member-account.schemas';
import type { VerifyEmailBody } from '@ajar/shared/members/email-verification.schemas';
import type {
  MemberLoginBody,
  MemberLoginData,
  MemberProfile,
  MemberRegisterBody,
} from '@ajar/shared/members/members.schemas';
import { http } from '../../../api/http';
import { setSignInNotice, writeSession } from '../../../api/session';
import { queryClient } from '../../../query-client';

/** Keeps the session of a sign-in or registration (both answer the token and the member). */
function keep(data: MemberLoginData): MemberLoginData {
  queryClient.clear();
  setSignInNotice(null);
  writeSession({ token: data.token, expires_at: data.expires_at, member: data.member });
  return data;
}

export const authApi = {
  login: (body: MemberLoginBody) => http.post<MemberLoginData>('/login', body).then(keep),
  register: (body: MemberRegisterBody) => http.post<MemberLoginData>('/register', body).then(keep),
  me: () => http.get<MemberProfile>('/me'),
  forgotPassword: (body: MemberForgotPasswordBody) => http.post<null>('/forgot-password', body),
  /** The verification link's token; cached data (the profile's `email_verified`) is refetched. */
  verifyEmail: async (body: VerifyEmailBody) => {
    await http.post<null>('/verify-email', body);
    await queryClient.invalidateQueries();
  },
  /** The reset ends every session of the member, this phone's too. */
  resetPassword: async (body: MemberResetPasswordBody) => {
    await http.post<null>('/reset-password', body);
    writeSession(null);
    queryClient.clear();
  },
};
