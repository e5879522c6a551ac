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
  /** 'Keluar': the server ends the session; the phone forgets it even when offline. */
  logout: async () => {
    try {
      await http.post<null>('/logout');
    } finally {
      writeSession(null);
      queryClient.clear();
    }
  },
};
