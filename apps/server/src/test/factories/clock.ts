/** The last time `nextFactoryTime` gave out (ms). */
let lastFactoryTime = 0;

/**
 * A creation time after every one given before: the embedded database's clock counts
 * milliseconds, so rows a factory writes one after another can share their time, and a list
 * ordered by it would fall back to their (random) ids.
 */
export function nextFactoryTime(): Date {
  lastFactoryTime = Math.max(Date.now(), lastFactoryTime + 1);
  return new Date(lastFactoryTime);
}
