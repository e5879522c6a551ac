/** The one refusal of the idempotency mechanism (apps/server/src/modules/idempotency/). */
export const idempotencyMessages = {
  /** The key was first sent with another request (another attempt, room, question, activity). */
  keyUsed: 'Idempotency key sudah dipakai untuk permintaan lain',
} as const;
