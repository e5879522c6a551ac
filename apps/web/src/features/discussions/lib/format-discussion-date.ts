import dayjs from 'dayjs';
import { discussionDateFormat } from '@ajar/shared/discussions/discussions.constants';

/** A message's time in the discussion format of spec 01 §9 ('DD MMM YY HH:mm A'). */
export function formatDiscussionDate(value: string): string {
  return dayjs(value).format(discussionDateFormat);
}
