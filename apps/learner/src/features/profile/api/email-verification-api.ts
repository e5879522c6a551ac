import { http } from '../../../api/http';

export const emailVerificationApi = {
  /** 'Kirim ulang': a new verification link to the signed-in member's address. */
  resend: () => http.post<null>('/verify-email/resend'),
};
