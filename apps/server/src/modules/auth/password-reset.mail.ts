import { passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `${PUBLIC_URL or http://localhost:PORT}/password-reset?token=…` */
export function passwordResetLink(
  config: { PUBLIC_URL?: string | undefined; PORT: number },
  token: string,
): string {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${base}/password-reset?token=${encodeURIComponent(token)}`;
}

/** The reset e-mail, in the app's language. */
export function passwordResetMail(input: {
  to: string;
  fullname: string;
  link: string;
}): MailMessage {
  const minutes = passwordResetPolicy.tokenMinutes;
  const intro = `Kami menerima permintaan untuk mengatur ulang password akun anda. Buka link berikut dalam ${minutes} menit untuk membuat password baru:`;
  const outro =
    'Link ini hanya dapat digunakan satu kali. Jika anda tidak meminta reset password, abaikan email ini; password anda tidak berubah.';
  return {
    to: input.to,
    subject: 'Reset password akun anda',
    text: `Halo ${input.fullname},\n\n${intro}\n\n${input.link}\n\n${outro}\n`,
    html:
      `<p>Halo ${escapeHtml(input.fullname)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}
