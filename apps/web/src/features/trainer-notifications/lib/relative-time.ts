import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/id';

dayjs.extend(relativeTime);

/** "5 menit yang lalu": notification times are relative and in Indonesian (spec 01 §9). */
export function fromNow(iso: string, now?: Date): string {
  const time = dayjs(iso).locale('id');
  return now ? time.from(now) : time.fromNow();
}
