import { describe, expect, it } from 'vitest';
import {
  addInterval,
  contentMissing,
  countReport,
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

  describe('counting a progress report', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const after = (s: number) => new Date(at.getTime() + s * 1000);
    const mark = (position: number, s: number) => ({ position, at: after(s) });
    const fresh = { counted: mark(10, 0), run: mark(10, 0) };

    it('starts counting at the first report', () => {
      const first = countReport({ counted: null, run: null }, 10, after(5));
      expect(first.stretch).toBeNull();
      expect(first.next).toEqual({ counted: mark(10, 5), run: mark(10, 5) });
    });

    it('accepts a stretch only as fast as the players play in the time that passed', () => {
      expect(countReport(fresh, 20, after(10)).stretch).toEqual([10, 20]);
      // 2× with the margin and the slack: 10 s allow 25 s of video, not 26.
      expect(countReport(fresh, 35, after(10)).stretch).toEqual([10, 35]);
      expect(countReport(fresh, 36, after(10)).stretch).toBeNull();
      // A seek back and a jump after a long pause start a new run from there.
      expect(countReport(fresh, 5, after(10))).toEqual({
        stretch: null,
        next: { counted: mark(5, 10), run: mark(5, 10) },
      });
      expect(countReport(fresh, 90, after(3600)).next.run).toEqual(mark(90, 3600));
    });

    it('keeps watching that reached the server late followed by a report on time', () => {
      // Played at 1×: 0 → 6 → 11; the report at 6 waited 4.5 s on the way.
      let state = countReport({ counted: null, run: null }, 0, after(0)).next;
      const late = countReport(state, 6, after(10.5));
      expect(late.stretch).toEqual([0, 6]);
      state = late.next;
      const onTime = countReport(state, 11, after(11));
      expect(onTime.stretch).toEqual([6, 11]);
      expect(onTime.next.run).toEqual(mark(0, 0));
    });

    it('holds a report that is too fast and counts it once time allows', () => {
      const held = countReport(fresh, 40, after(10));
      expect(held.stretch).toBeNull();
      expect(held.next.counted).toEqual(mark(10, 0));
      expect(countReport(held.next, 40, after(14)).stretch).toEqual([10, 40]);
    });

    it('does not bank time spent away from the video', () => {
      // Paused for an hour at 10, then reports run ahead of the clock: judged from the pause.
      const back = countReport(fresh, 15, after(3600));
      expect(back.stretch).toEqual([10, 15]);
      expect(back.next.run).toEqual(mark(15, 3600));
      expect(countReport(back.next, 45, after(3601)).stretch).toBeNull();
    });
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
