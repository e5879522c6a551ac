import { passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import type { MailMessage } from '../../lib/mailer';
import { publicOrigin } from '../../lib/public-origin';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `{public origin}/password-reset?token=…` (lib/public-origin.ts). */
export function passwordResetLink(
  config: { PUBLIC_URL?: string | undefined; PORT: number },
  token: string,
): string {
  const base = publicOrigin(config);
  return `${base}/password-reset?token=${encodeURIComponent(token)}`;
}

/** The reset e-mail, in the app's language. */
export function passwordResetMail(input: {
  to: string;
  fullname: string;
  link: string;
}): MailMessage {
  const minutes = passwordResetPolicy.tokenMinutes;
  const intro = `Kami menerima permintaan untuk mengatur ulang password akun Anda. Buka link berikut dalam ${minutes} menit untuk membuat password baru:`;
  const outro =
    'Link ini hanya dapat digunakan satu kali. Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.';
  return {
    to: input.to,
    subject: 'Reset password akun Anda',
    text: `Halo ${input.fullname},\n\n${intro}\n\n${input.link}\n\n${outro}\n`,
    html:
      `<p>Halo ${escapeHtml(input.fullname)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/** The notice to a member's old address when staff changed their login e-mail. */
export function emailChangedMail(input: {
  to: string;
  fullname: string;
  newEmail: string;
}): MailMessage {
  const text =
    `Email login akun Ajar Belajar Anda telah diubah oleh Admin menjadi ${input.newEmail}. ` +
    'Semua sesi masuk Anda telah diakhiri. Jika Anda tidak meminta perubahan ini, segera hubungi ' +
    'penyelenggara pelatihan Anda.';
  return {
    to: input.to,
    subject: 'Email login akun Anda telah diubah',
    text: `Halo ${input.fullname},\n\n${text}\n`,
    html: `<p>Halo ${escapeHtml(input.fullname)},</p><p>${escapeHtml(text)}</p>`,
  };
}
