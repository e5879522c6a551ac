/**
 * One meeting occurrence as an iCalendar file (RFC 5545) for 'Tambah ke kalender': CRLF lines
 * folded at 75 octets, TEXT values escaped, times in UTC, a UID that stays the same for the same
 * occurrence so a second import updates the event instead of adding another.
 */

export interface CalendarEvent {
  activityId: string;
  /** The occurrence's key (`2026-12-05 19:00-21:00`). */
  occurrence: string;
  title: string;
  description: string;
  url: string | null;
  startsAt: Date;
  endsAt: Date;
  /** DTSTAMP: when the file was made. */
  stamp: Date;
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `20261205T120000Z`. */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // Continuation lines start with a space, which counts toward their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The stable UID of an occurrence: the activity and the occurrence's date and times. */
export function eventUid(activityId: string, occurrence: string): string {
  return `${activityId}-${occurrence.replace(/[^0-9]/g, '')}@ajar`;
}

export function meetingCalendar(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ajar//Agenda//ID',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${eventUid(event.activityId, event.occurrence)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
