import { describe, expect, it } from 'vitest';
import {
  acceptedStretch,
  addInterval,
  contentMissing,
  passedSecond,
  requiredReadingSeconds,
  watchProgressText,
  watchedPercent,
} from './completion.rules';

describe('completion rules', () => {
  it('merges watched intervals and counts seconds within the length', () => {
    let w = addInterval([], 10, 20);
    w = addInterval(w, 0, 5);
    w = addInterval(w, 18, 30);
    w = addInterval(w, 5, 6);
    expect(w).toEqual([
      [0, 6],
      [10, 30],
    ]);
    expect(watchedPercent(w, 40)).toBe(65);
    expect(watchedPercent(addInterval([], 0, 200), 100)).toBe(100);
    expect(watchedPercent(w, 0)).toBe(0);
  });

  it('accepts a stretch only as fast as the players play in the time that passed', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const after = (s: number) => new Date(at.getTime() + s * 1000);
    const prev = { position: 10, at };
    expect(acceptedStretch(null, 10, after(5))).toBeNull();
    expect(acceptedStretch(prev, 20, after(10))).toEqual([10, 20]);
    // 2× with the margin and the slack: 10 s allow 25 s of video, not 26.
    expect(acceptedStretch(prev, 35, after(10))).toEqual([10, 35]);
    expect(acceptedStretch(prev, 36, after(10))).toBeNull();
    // A seek back, a jump after a long pause.
    expect(acceptedStretch(prev, 5, after(10))).toBeNull();
    expect(acceptedStretch(prev, 90, after(3600))).toBeNull();
  });

  it('knows when a pop-up second was passed while watching', () => {
    expect(passedSecond([[0, 31]], 30, 100)).toBe(true);
    expect(passedSecond([[31, 100]], 30, 100)).toBe(false);
    // A pop-up at or after the end is met by watching to the end.
    expect(passedSecond([[90, 100]], 120, 100)).toBe(true);
  });

  it('flags content a participant cannot complete', () => {
    expect(contentMissing('membaca-e-book', {})).toBe(true);
    expect(contentMissing('membaca-e-book', { file: { url: '/media/a.pdf' } })).toBe(false);
    expect(contentMissing('evaluasi', { link_embed: { is_showing: 0, url: '' } })).toBe(true);
    expect(contentMissing('general', { description: '<p> </p>' })).toBe(true);
    expect(contentMissing('general', { description: '<p>Isi</p>' })).toBe(false);
    expect(contentMissing('embed_youtube', { embed_youtube: [] })).toBe(true);
    expect(contentMissing('quiz', {})).toBe(false);
  });

  it('asks 30 % of the estimate and says how much video is left', () => {
    expect(requiredReadingSeconds(10)).toBe(180);
    expect(requiredReadingSeconds(0)).toBe(0);
    expect(watchProgressText(64, 90, 0)).toBe(
      'Ditonton 64 % · tonton sampai 90 % untuk menyelesaikan',
    );
    expect(watchProgressText(95, 90, 2)).toBe(
      'Ditonton 95 % · jawab 2 kuis pop-up lagi untuk menyelesaikan',
    );
  });
});
