import { readReplyData, type ReplyReader } from '@ajar/shared/common/api-client';
import type { SendResult } from './offline-queue';

/**
 * The answer of a call sent through the offline queue, checked by `reader` (a schema of
 * `packages/shared`) when it was sent at once; a queued call has no answer yet, and its screen
 * checks the answer the queue hands over later with the same reader (`readReplyData`).
 */
export function readSent<T>(reader: ReplyReader<T>) {
  return (sent: SendResult<unknown>): SendResult<T> =>
    sent.queued ? sent : { queued: false, data: readReplyData(reader, sent.data) };
}
