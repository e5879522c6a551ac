import { isQuizActivityType } from '@ajar/shared/activities/activities.constants';
import { quizMessages } from '@ajar/shared/quiz/quiz.constants';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { findActivity } from '../activities/activities.repository';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './quiz.repository';

// Who may reach which quiz activity, shared by the packet, section and question-bank services.

export interface QuizDeps {
  db: Db;
  storage: Storage;
}

/** The route parameters of the packet and group calls. */
export interface ActivityPath {
  program: string;
  topic: string;
  activity: string;
}
export interface PacketPath extends ActivityPath {
  packet: string;
}
export interface GroupPath extends PacketPath {
  group_id: string;
}

export interface ActivityCtx {
  id: string;
  program_id: string;
  topic_id: string;
  type: string;
}

// Access ----------------------------------------------------------------------------------------

function assertQuizActivity<Row extends ActivityCtx>(row: Row): Row {
  if (!isQuizActivityType(row.type)) throw AppError.badRequest(quizMessages.notQuizActivity);
  return row;
}

/**
 * The quiz-type activity of the path, for the viewer: the program must be visible to them (a
 * trainer only sees assigned programs; anything else is 404) and hold the topic and activity.
 */
export async function activityInPath(db: DbOrTx, viewer: Viewer, path: ActivityPath) {
  if (!isUuid(path.program) || !isUuid(path.topic) || !isUuid(path.activity)) {
    throw AppError.notFound();
  }
  await requireProgram(db, viewer, path.program);
  const row = await findActivity(db, {
    programId: path.program,
    topicId: path.topic,
    id: path.activity,
  });
  if (!row) throw AppError.notFound();
  return assertQuizActivity(row);
}

/** The same check for calls that name only the activity (sections, question bank). */
export async function activityById(db: DbOrTx, viewer: Viewer, activityId: string | null) {
  if (!activityId || !isUuid(activityId)) throw AppError.notFound();
  const row = await repo.findActivityById(db, activityId);
  if (!row) throw AppError.notFound();
  await requireProgram(db, viewer, row.program_id);
  return assertQuizActivity(row);
}

export async function packetInPath(db: DbOrTx, viewer: Viewer, path: PacketPath) {
  const activity = await activityInPath(db, viewer, path);
  if (!isUuid(path.packet)) throw AppError.notFound();
  const packet = await repo.findPacket(db, activity.id, path.packet);
  if (!packet) throw AppError.notFound();
  return { activity, packet };
}
