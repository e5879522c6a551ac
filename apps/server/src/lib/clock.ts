/**
 * Server time for the rules that measure it (how fast a video may advance, how long a reading
 * stays open). One seam, so API tests can move time forward instead of waiting.
 */
let source: () => Date = () => new Date();

export function serverNow(): Date {
  return source();
}

/** Tests only: answers `at()` as the server's time until reset with `null`. */
export function setServerClock(at: (() => Date) | null): void {
  source = at ?? (() => new Date());
}

/** The server's clock reads `start` now and runs on from there at the real pace (CLOCK_START). */
export function startServerClockAt(start: Date): void {
  const offset = start.getTime() - Date.now();
  source = () => new Date(Date.now() + offset);
}
