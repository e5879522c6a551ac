import dayjs from 'dayjs';

/** A date and time in Indonesian ('17 Mei 2025 09.30'), or '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('D MMM YYYY HH:mm') : '-';
}
