import { loginLinkPolicy } from '@ajar/shared/auth/auth.schemas';
import type { MailMessage } from '../../lib/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sign-in link e-mail, in the app's language. */
export function loginLinkMail(input: { to: string; fullname: string; link: string }): MailMessage {
  const minutes = loginLinkPolicy.tokenMinutes;
  const intro =
    'Akun anda sedang ditahan karena banyak percobaan login yang gagal dari tempat lain. ' +
    `Buka link berikut dalam ${minutes} menit di browser tempat anda ingin login; browser itu ` +
    'tidak akan ditahan lagi dan anda dapat langsung login dengan password anda:';
  const outro =
    'Link ini hanya dapat digunakan satu kali. Jika anda tidak memintanya, abaikan email ini dan ' +
    'pertimbangkan untuk mengganti password anda.';
  return {
    to: input.to,
    subject: 'Link masuk akun anda',
    text: `Halo ${input.fullname},\n\n${intro}\n\n${input.link}\n\n${outro}\n`,
    html:
      `<p>Halo ${escapeHtml(input.fullname)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}
