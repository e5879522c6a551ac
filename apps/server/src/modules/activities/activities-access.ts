import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { requireProgram, type Viewer } from '../access/access.service';
import { findActivity, findTopicOfProgram, type ActivityRow } from './activities.repository';

export interface ActivityDeps {
  db: Db;
  storage: Storage;
  /** Queues an uploaded video's conversion to HLS (app.convertVideo). */
  convertVideo?: (mediaId: string) => Promise<void>;
}

export interface ActivityPath {
  program: string;
  topic: string;
}

export interface ActivityIdPath extends ActivityPath {
  id: string;
}

// Access ----------------------------------------------------------------------------------------

/**
 * The program, checked for the actor: it exists and, for a trainer, is assigned to them. Anything
 * else is not found (DESIGN §4: a record outside a trainer's scope answers 404).
 */
export async function programInScope(db: Db, actor: Viewer, programId: string): Promise<string> {
  await requireProgram(db, actor, programId);
  return programId;
}

/** The topic, which must belong to the program in the path. */
export async function topicInScope(db: Db, actor: Viewer, path: ActivityPath) {
  await programInScope(db, actor, path.program);
  if (!isUuid(path.topic)) throw AppError.notFound();
  const topic = await findTopicOfProgram(db, path.program, path.topic);
  if (!topic) throw AppError.notFound();
  return topic;
}

export async function activityInScope(
  db: Db,
  actor: Viewer,
  path: ActivityIdPath,
): Promise<ActivityRow> {
  await topicInScope(db, actor, path);
  if (!isUuid(path.id)) throw AppError.notFound();
  const row = await findActivity(db, { programId: path.program, topicId: path.topic, id: path.id });
  if (!row) throw AppError.notFound();
  return row;
}
