import { z } from 'zod';
import { credentialLimits } from '../auth/auth.rules';
import { emailField, newPasswordField } from '../auth/auth.schemas';
import { messages } from '../common/messages';
import { mediaLimits } from '../media/media.constants';
import {
  educationLevelField,
  memberFullnameField,
  memberPhoneField,
  memberProfileSchema,
} from './members.schemas';

// The member's own account: password reset and change, profile and photo.

const typedPassword = (field: string) =>
  z
    .string({ error: messages.required(field) })
    .min(1, { error: messages.required(field) })
    .max(credentialLimits.passwordMaxLength, {
      error: messages.max(field, credentialLimits.passwordMaxLength),
    });

/**
 * `POST /api/member/v1/forgot-password`: always the same neutral answer (data null); a known
 * address gets an e-mail with `{origin}/belajar/reset-password?token=…`.
 */
export const memberForgotPasswordBodySchema = z.object({ email: emailField('Email') });
export type MemberForgotPasswordBody = z.input<typeof memberForgotPasswordBodySchema>;

/** `POST /api/member/v1/reset-password` (data null): ends every session of the member. */
export const memberResetPasswordBodySchema = z.object({
  token: z
    .string({ error: messages.required('Token') })
    .trim()
    .min(1, { error: messages.required('Token') })
    .max(200),
  password: newPasswordField('Password'),
});
export type MemberResetPasswordBody = z.input<typeof memberResetPasswordBodySchema>;

/**
 * `PUT /api/member/v1/update-password` (data null): a wrong `old_password` is 400 on
 * `old_password`; the member's other sessions end, this one stays.
 */
export const memberUpdatePasswordBodySchema = z.object({
  old_password: typedPassword('Password lama'),
  password: newPasswordField('Password baru'),
});
export type MemberUpdatePasswordBody = z.input<typeof memberUpdatePasswordBodySchema>;

/** `PUT /api/member/v1/profile`: data is the profile after the change. */
export const memberProfileUpdateBodySchema = z.object({
  fullname: memberFullnameField(),
  phone: memberPhoneField(),
  education_level: educationLevelField(),
});
export type MemberProfileUpdateBody = z.input<typeof memberProfileUpdateBodySchema>;

/**
 * `POST /api/member/v1/profile/photo`: multipart with one file field `file`, an image (its type
 * read from the bytes, 415 otherwise), at most `memberPhotoLimits.bytes` (413, the media
 * library's image limit); data is the profile after the change.
 */
export const memberPhotoDataSchema = memberProfileSchema;

export const memberPhotoLimits = { bytes: mediaLimits.image } as const;

export const memberAccountMessages = {
  resetSent: 'Jika email terdaftar, tautan untuk mengatur ulang password telah dikirim',
  resetDone: 'Password berhasil diubah, silakan masuk kembali',
  resetInvalid: 'Tautan atur ulang password tidak valid atau sudah kedaluwarsa',
  oldPasswordWrong: 'Password lama salah',
  passwordUpdated: 'Password berhasil diubah',
  profileUpdated: 'Profil berhasil diperbarui',
  photoUpdated: 'Foto profil berhasil diperbarui',
  photoRequired: 'Foto tidak boleh kosong',
  photoUnsupported: 'Format foto tidak didukung. Gunakan file gambar',
} as const;
