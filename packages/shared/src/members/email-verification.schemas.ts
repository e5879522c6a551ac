import { z } from 'zod';
import { messages } from '../common/messages';

/** `POST /api/member/v1/verify-email`: the token of the e-mailed link. */
export const verifyEmailBodySchema = z.object({
  token: z
    .string({ error: messages.required('Token') })
    .trim()
    .min(1, { error: messages.required('Token') })
    .max(200),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
