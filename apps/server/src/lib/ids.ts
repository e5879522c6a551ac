/** Any text PostgreSQL's `uuid` type accepts in its canonical form (any version). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a path or a body can be compared with a uuid column: checked before the
 * query, so a malformed id answers 404 (or its field message) instead of a database cast error.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
