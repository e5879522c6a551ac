import type { Section, SectionBodyParsed } from '@ajar/shared/quiz/quiz.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../access/access.service';
import { activityById, type QuizDeps } from './quiz-access';
import { toSection } from './quiz-read';
import * as repo from './quiz.repository';

// Sections --------------------------------------------------------------------------------------

export async function listSections(deps: QuizDeps, viewer: Viewer, activityId: string) {
  const activity = await activityById(deps.db, viewer, activityId);
  const rows = await repo.listSections(deps.db, activity.id);
  return rows.map((r) => toSection(r.section, r.group_id));
}

async function sectionInScope(db: DbOrTx, viewer: Viewer, activityId: string, sectionId: string) {
  const activity = await activityById(db, viewer, activityId);
  if (!isUuid(sectionId)) throw AppError.notFound();
  const row = await repo.findSection(db, activity.id, sectionId);
  if (!row) throw AppError.notFound();
  return { activity, row };
}

export async function showSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
): Promise<Section> {
  const { row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  const group = await repo.findGroupOfSection(deps.db, row.id);
  return toSection(row, group?.id ?? null);
}

async function packetOfActivity(db: DbOrTx, activityId: string, packetId: string) {
  const packet = await repo.findPacket(db, activityId, packetId);
  if (!packet) throw AppError.validation({ packet_id: 'Paket soal tidak ditemukan' });
  return packet;
}

export async function createSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  body: SectionBodyParsed,
): Promise<Section> {
  const activity = await activityById(deps.db, viewer, activityId);
  const packet = await packetOfActivity(deps.db, activity.id, body.packet_id);
  const row = await repo.insertSection(deps.db, {
    activity_id: activity.id,
    packet_id: packet.id,
    name: body.name,
    min_score: body.min_score,
  });
  return toSection(row, null);
}

export async function updateSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
  body: SectionBodyParsed,
): Promise<Section> {
  const { activity, row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  await packetOfActivity(deps.db, activity.id, body.packet_id);
  if (body.packet_id !== row.packet_id) {
    throw AppError.validation({ packet_id: 'Paket soal section tidak dapat diubah' });
  }
  const updated = await repo.updateSection(deps.db, row.id, {
    name: body.name,
    min_score: body.min_score,
  });
  const group = await repo.findGroupOfSection(deps.db, row.id);
  return toSection(updated, group?.id ?? null);
}

/** Deletes a section; the group showing it and the group's questions go with it. */
export async function deleteSection(
  deps: QuizDeps,
  viewer: Viewer,
  activityId: string,
  sectionId: string,
) {
  const { row } = await sectionInScope(deps.db, viewer, activityId, sectionId);
  await repo.deleteSection(deps.db, row.id);
}
