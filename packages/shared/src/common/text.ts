/**
 * The one rule for text a client sends (fields, queries, path parameters, file names): no NUL
 * (U+0000) and no lone surrogate (U+D800–U+DFFF outside a valid pair). PostgreSQL cannot store
 * either in `text` or `jsonb`, so such input would otherwise fail in the database; and neither
 * has a meaning in a name, a title or a search.
 */

/** NUL, or a surrogate code point: with the `u` flag a valid pair is one astral code point. */
const unstorable = /[\0\p{Cs}]/u;

export const textMessages = {
  invalidCharacter:
    'Teks mengandung karakter yang tidak valid (karakter NUL atau karakter Unicode yang tidak lengkap)',
} as const;

/** True when the text can be stored and searched as it is. */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

/** Where a walk of nested input found text that breaks the rule: the field's dotted path. */
export interface TextProblem {
  /** `meta.tags.2`; `_` for the value itself. */
  field: string;
  message: string;
}

/**
 * Walks a parsed value (JSON body, query, params) and returns the first string, or object key,
 * that breaks the rule. Iterative, so a deeply nested body cannot overflow the stack. An object
 * key is reported on its object's path.
 */
export function findUnstorableText(value: unknown, root = ''): TextProblem | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  const problem = (path: string): TextProblem => ({
    field: path || '_',
    message: textMessages.invalidCharacter,
  });
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return problem(path);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ value: current[i] as unknown, path: join(path, String(i)) });
      }
      continue;
    }
    if (isBinary(current)) continue;
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      if (!isStorableText(key)) return problem(path);
      stack.push({ value: child, path: join(path, key) });
    }
  }
  return null;
}

/** Field names stay short: a path deeper than this is cut with `…`. */
const maxFieldLength = 200;

function join(path: string, key: string): string {
  if (path.endsWith('…')) return path;
  const joined = path ? `${path}.${key}` : key;
  return joined.length > maxFieldLength ? `${joined.slice(0, maxFieldLength)}…` : joined;
}

/** Bytes are not text (a Buffer or typed array never reaches a text column as such). */
function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}
