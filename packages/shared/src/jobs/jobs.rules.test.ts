import { describe, expect, it } from 'vitest';
import { timeLeftText } from './jobs.rules';

const now = new Date('2026-05-01T10:00:00Z');
/** A running job that started `seconds` before `now` and is at `progress`. */
const running = (progress: number, seconds: number) => ({
  status: 'running',
  progress,
  started_at: new Date(now.getTime() - seconds * 1000).toISOString(),
});

describe('timeLeftText', () => {
  it('says the time left at the pace so far, in Indonesian', () => {
    // 25% in 40 s: 75% more takes 120 s.
    expect(timeLeftText(running(25, 40), now)).toBe('sekitar 2 menit lagi');
    // 50% in 20 s: 20 s more.
    expect(timeLeftText(running(50, 20), now)).toBe('kurang dari 1 menit lagi');
    // 10% in 10 min: 90 min more.
    expect(timeLeftText(running(10, 600), now)).toBe('sekitar 2 jam lagi');
    // 59.5 min rounds to an hour, said in hours.
    expect(timeLeftText(running(50, 3570), now)).toBe('sekitar 1 jam lagi');
    // 90 s rounds to 2 minutes; 29 s is less than a minute.
    expect(timeLeftText(running(40, 60), now)).toBe('sekitar 2 menit lagi');
    expect(timeLeftText(running(80, 116), now)).toBe('kurang dari 1 menit lagi');
  });

  it('says nothing while it cannot be estimated', () => {
    expect(timeLeftText(running(0, 30), now)).toBeNull();
    expect(timeLeftText(running(30, 0.5), now)).toBeNull();
    expect(timeLeftText(running(100, 30), now)).toBeNull();
    // A clock behind the server's start.
    expect(timeLeftText(running(30, -5), now)).toBeNull();
    expect(timeLeftText({ status: 'running', progress: 30, started_at: null }, now)).toBeNull();
    expect(timeLeftText({ ...running(30, 60), status: 'queued' }, now)).toBeNull();
    expect(timeLeftText({ ...running(30, 60), status: 'done' }, now)).toBeNull();
  });
});
