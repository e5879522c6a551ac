import type { ActivityStateInput } from '@ajar/shared/members/activity-locks.rules';
import type { DbOrTx } from '../../db/client';
import { outlineRows } from './activity-states.repository';

/** One published activity of a program as a state reads it (no member's progress). */
export type OutlineActivity = Omit<ActivityStateInput, 'is_complete' | 'started'> & {
  topic_id: string;
};

/** Programs whose outline is kept; past it the least recently used is dropped. */
const maxPrograms = 500;

/** Per program: the outline version it was read at, and the outline (read once, shared). */
const outlines = new Map<string, { version: number; list: Promise<OutlineActivity[]> }>();

async function load(db: DbOrTx, programId: string): Promise<OutlineActivity[]> {
  const rows = await outlineRows(db, programId);
  return rows.map(({ is_skip, meta_data, ...row }) => ({
    ...row,
    settings: is_skip === null || is_skip === undefined ? {} : { is_skip },
    content: meta_data === null || meta_data === undefined ? {} : { meta_data },
  }));
}

/**
 * The program's published activities in program order, as states read them, from memory while
 * the program's `outline_version` is `version` (database triggers raise it on every write of its
 * activities and topics, whichever server or script writes). The caller reads the version
 * before calling, so an outline is never stored under a newer version than it was read at.
 * Concurrent callers of a cold program share one read.
 */
export function programOutline(
  db: DbOrTx,
  programId: string,
  version: number,
): Promise<OutlineActivity[]> {
  const cached = outlines.get(programId);
  if (cached && cached.version === version) {
    // Most recently used last.
    outlines.delete(programId);
    outlines.set(programId, cached);
    return cached.list;
  }
  if (cached && cached.version > version) return load(db, programId);
  const list = load(db, programId);
  const entry = { version, list };
  outlines.delete(programId);
  outlines.set(programId, entry);
  list.catch(() => {
    if (outlines.get(programId) === entry) outlines.delete(programId);
  });
  if (outlines.size > maxPrograms) {
    const oldest = outlines.keys().next().value;
    if (oldest !== undefined) outlines.delete(oldest);
  }
  return list;
}
