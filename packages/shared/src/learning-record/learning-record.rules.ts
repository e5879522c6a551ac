import { learningEventLabels, type LearningEventKind } from './learning-events';

// Written once beside the other date formats; kept importable from here for its callers.
export { formatEventTime } from '../common/datetime';

const two = (n: number) => String(n).padStart(2, '0');

/** `1 jam 5 menit`, `4 menit 10 detik`, `45 detik`: a span of seconds, its two largest units. */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} jam ${m} menit` : `${h} jam`;
  if (m > 0) return rest > 0 ? `${m} menit ${rest} detik` : `${m} menit`;
  return `${rest} detik`;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The score an event states (`data.score`: a quiz submitted, feedback given), if any. */
export function eventScore(data: Record<string, unknown>): number | null {
  return num(data.score);
}

/** `m:ss` of a position in a video. */
function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/**
 * What an event states, in a few Indonesian words, for the timeline and the export. The record's
 * `data` is written by the code that records each kind; this reads the fields those write and
 * passes over any it does not know (the row keeps them whole).
 */
export function describeEventData(kind: LearningEventKind, data: Record<string, unknown>): string {
  const parts: string[] = [];
  const from = num(data.from);
  const to = num(data.to);
  if (from !== null && to !== null) parts.push(`${clock(from)}–${clock(to)}`);
  const watched = num(data.watched_seconds);
  if (watched !== null) parts.push(`ditonton ${formatSpan(watched)}`);
  const question = num(data.question_number) ?? num(data.number);
  if (question !== null && (kind === 'answer_saved' || kind === 'popup_answered')) {
    parts.push(`soal ${question}`);
  }
  const score = eventScore(data);
  if (score !== null) parts.push(`nilai ${score}`);
  if (data.correct === true) parts.push('benar');
  if (data.correct === false) parts.push('salah');
  const file = text(data.file_name);
  if (file) parts.push(file);
  const schedule = text(data.schedule_key);
  if (schedule) parts.push(`jadwal ${schedule}`);
  const certificate = text(data.certificate_number) ?? text(data.number);
  if (certificate && kind.startsWith('certificate_')) parts.push(`nomor ${certificate}`);
  const note = text(data.text) ?? text(data.reason);
  if (note) parts.push(`“${note.length > 120 ? `${note.slice(0, 119)}…` : note}”`);
  if (data.source === 'import') parts.push('dari impor nilai');
  return parts.join(' · ');
}

/** The Indonesian name of an event kind (the label the timeline and the export show). */
export const eventLabel = (kind: LearningEventKind) => learningEventLabels[kind];
