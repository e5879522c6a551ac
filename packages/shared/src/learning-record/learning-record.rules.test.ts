import { describe, expect, it } from 'vitest';
import {
  describeEventData,
  eventScore,
  formatEventTime,
  formatSpan,
} from './learning-record.rules';

describe('learning record rules', () => {
  it('writes server time as Indonesian readers do, in WIB whatever the process zone', () => {
    expect(formatEventTime('2026-12-05T12:00:00.000Z')).toBe('Sabtu, 5 Desember 2026, 19.00 WIB');
    // 23.30 UTC is the next morning in Jakarta.
    expect(formatEventTime(new Date('2026-01-31T23:30:00Z'))).toBe(
      'Minggu, 1 Februari 2026, 06.30 WIB',
    );
    expect(formatEventTime('bukan tanggal')).toBe('-');
  });

  it('writes a span in its two largest units', () => {
    expect(formatSpan(45)).toBe('45 detik');
    expect(formatSpan(250)).toBe('4 menit 10 detik');
    expect(formatSpan(3600)).toBe('1 jam');
    expect(formatSpan(3900.4)).toBe('1 jam 5 menit');
    expect(formatSpan(-3)).toBe('0 detik');
  });

  it('describes what an event states, passing over fields it does not know', () => {
    expect(describeEventData('video_watched', { from: 30, to: 95, watched_seconds: 95 })).toBe(
      '0:30–1:35 · ditonton 1 menit 35 detik',
    );
    expect(describeEventData('feedback_given', { score: 80, text: 'Rapi', source: 'import' })).toBe(
      'nilai 80 · “Rapi” · dari impor nilai',
    );
    expect(describeEventData('answer_saved', { question_number: 3 })).toBe('soal 3');
    expect(describeEventData('certificate_revoked', { number: 'A/1', reason: 'Salah' })).toBe(
      'nomor A/1 · “Salah”',
    );
    expect(describeEventData('activity_opened', { unknown: { nested: true } })).toBe('');
    expect(eventScore({ score: '90' })).toBeNull();
    expect(eventScore({ score: 72.5 })).toBe(72.5);
  });
});
