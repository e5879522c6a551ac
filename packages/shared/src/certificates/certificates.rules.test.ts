import { describe, expect, it } from 'vitest';
import { certificateMessages } from './certificates.constants';
import {
  certificateEntryName,
  certificateExpired,
  oneYearValidity,
  formatIndonesianDate,
  formatLearningTime,
  graduationRefusal,
  participantRefusal,
} from './certificates.rules';

describe('certificate rules', () => {
  it('formats the Jakarta calendar day in Indonesian', () => {
    expect(formatIndonesianDate('2026-11-24T03:00:00Z')).toBe('24 November 2026');
    // 17:30 UTC on 31 December is already New Year in Jakarta (UTC+7).
    expect(formatIndonesianDate(new Date('2026-12-31T17:30:00Z'))).toBe('1 Januari 2027');
    expect(formatIndonesianDate('2026-05-02T00:00:00Z')).toBe('2 Mei 2026');
  });

  it('graduation needs progress 100, then a passed post-test when the program has one', () => {
    const base = { start_test_at: new Date(), has_post_test: true };
    const passed = { post_test: { passed: true } };
    expect(graduationRefusal({ ...base, progress: 99, scores: passed })).toBe(
      certificateMessages.notFinished,
    );
    expect(graduationRefusal({ ...base, progress: 100, scores: {} })).toBe(
      certificateMessages.postTestNotPassed,
    );
    expect(
      graduationRefusal({ ...base, progress: 100, scores: { post_test: { passed: false } } }),
    ).toBe(certificateMessages.postTestNotPassed);
    expect(graduationRefusal({ ...base, progress: 100, scores: passed })).toBeNull();
    expect(
      graduationRefusal({ ...base, has_post_test: false, progress: 100, scores: {} }),
    ).toBeNull();
  });

  it('a participation certificate needs the program started', () => {
    const facts = { progress: 0, scores: {}, has_post_test: false };
    expect(participantRefusal({ ...facts, start_test_at: null })).toBe(
      certificateMessages.notStarted,
    );
    expect(participantRefusal({ ...facts, start_test_at: '2026-11-01T00:00:00Z' })).toBeNull();
  });

  it('names zip entries by an ASCII slug of the name and the license', () => {
    expect(certificateEntryName('Siti Nurhaliza', 'AJR-0001')).toBe(
      'sertifikat-siti-nurhaliza-AJR-0001.pdf',
    );
    expect(certificateEntryName('  Ğül Ayşe / Ö. ', 'AB/12')).toBe(
      'sertifikat-gul-ayse-o-AB-12.pdf',
    );
    expect(certificateEntryName('!!!', 'X')).toBe('sertifikat-peserta-X.pdf');
  });

  it('prints learning time in hours and minutes, nothing for none', () => {
    expect(formatLearningTime(750)).toBe('12 jam 30 menit');
    expect(formatLearningTime(45)).toBe('45 menit');
    expect(formatLearningTime(120)).toBe('2 jam');
    expect(formatLearningTime(0)).toBe('');
  });

  it('a one-year validity ends at the end of the same Jakarta day a year later', () => {
    const until = oneYearValidity('2026-11-28T03:00:00Z');
    expect(formatIndonesianDate(until)).toBe('28 November 2027');
    // 23:59:59.999 WIB on 28 November 2027.
    expect(until.toISOString()).toBe('2027-11-28T16:59:59.999Z');
    // A date that is already the next day in Jakarta counts from that day.
    expect(formatIndonesianDate(oneYearValidity('2026-12-31T17:30:00Z'))).toBe('1 Januari 2028');
    expect(formatIndonesianDate(oneYearValidity('2028-02-29T05:00:00Z'))).toBe('28 Februari 2029');
  });

  it('expires only after the validity ended, never without one', () => {
    const until = new Date('2027-11-28T16:59:59.999Z');
    expect(certificateExpired(until, new Date('2027-11-28T16:59:59.999Z'))).toBe(false);
    expect(certificateExpired(until, new Date('2027-11-28T17:00:00Z'))).toBe(true);
    expect(certificateExpired(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });
});
