import type { Paged } from '@ajar/shared/common/envelope';
import { can } from '@ajar/shared/common/roles';
import { messages } from '@ajar/shared/common/messages';
import {
  canChangeProgramStatus,
  programFieldLabels,
  programMessages,
  type ProgramStatus,
} from '@ajar/shared/programs/programs.constants';
import {
  richTextHasContent,
  type Program,
  type ProgramBodyParsed,
  type ProgramListQueryParsed,
  type PublicProgram,
} from '@ajar/shared/programs/programs.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Storage } from '../../lib/storage';
import { resolveMediaRefs, type MediaRefSlot } from '../media/media-refs';
import { recordAuditEvent } from '../records/audit-trail.service';
import { assignedScope, requireProgram, type Viewer } from '../access/access.service';
import * as repo from './programs.repository';

/** What program writes need: the database, and the storage that names library files. */
export interface ProgramDeps {
  db: Db;
  storage: Storage;
}

function toProgram(row: repo.ProgramRow, facilitators: repo.FacilitatorRow[]): Program {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    program_benefits: row.program_benefits,
    learning_targets: {
      studies:
        row.study_id && row.study_title !== null
          ? { id: row.study_id, title: row.study_title }
          : null,
      competence: row.competence,
    },
    program_information: {
      cover:
        row.cover_media_id && row.cover_url ? { id: row.cover_media_id, url: row.cover_url } : null,
      discount_price: row.discount_price,
      selling_price: row.selling_price,
      selling_link: row.selling_link,
    },
    fasilitator: facilitators.map((f) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      picture:
        f.picture_media_id && f.picture_url ? { id: f.picture_media_id, url: f.picture_url } : null,
      user_id: f.user_id,
      status: f.status,
    })),
    status: row.status,
    is_free: row.is_free,
    is_prakerja: row.is_prakerja,
    certificate_validity: row.certificate_validity,
    total_participants: Number(row.total_participants),
    total_unread: Number(row.total_unread),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    end_test_at: row.end_test_at ? row.end_test_at.toISOString() : null,
  };
}

function groupByProgram(facilitators: repo.FacilitatorRow[]) {
  const byProgram = new Map<string, repo.FacilitatorRow[]>();
  for (const f of facilitators) {
    const list = byProgram.get(f.program_id) ?? [];
    list.push(f);
    byProgram.set(f.program_id, list);
  }
  return byProgram;
}

async function withFacilitators(db: DbOrTx, rows: repo.ProgramRow[]): Promise<Program[]> {
  const byProgram = groupByProgram(
    await repo.facilitatorsOf(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => toProgram(r, byProgram.get(r.id) ?? []));
}

/** `GET /api/program/v1/company/list`: a trainer gets only their programs. */
export async function listPrograms(
  db: Db,
  viewer: Viewer,
  query: ProgramListQueryParsed,
): Promise<Paged<Program>> {
  const { rows, total } = await repo.listPrograms(db, {
    viewerId: viewer.id,
    status: query.status,
    q: query.q,
    assignedUserId: assignedScope(viewer),
    sort: query.sort,
    sortType: query.sort_type,
    page: query.page,
    limit: query.limit,
  });
  return { list: await withFacilitators(db, rows), limit: query.limit, page: query.page, total };
}

/** `GET /api/program/v1/trainer/list`: the signed-in trainer's programs (staff: all). */
export async function listTrainerPrograms(
  db: Db,
  viewer: Viewer,
  query: { page: number; limit: number; status?: ProgramStatus; q?: string },
): Promise<Paged<Program>> {
  return listPrograms(db, viewer, { ...query, sort: 'created_at', sort_type: 'desc' });
}

export async function getProgram(db: DbOrTx, viewer: Viewer, id: string): Promise<Program> {
  await requireProgram(db, viewer, id);
  const row = await repo.findProgram(db, id, viewer.id);
  if (!row) throw AppError.notFound();
  return toProgram(row, await repo.facilitatorsOf(db, [id]));
}

/** A published program as a public page shows it; anything else is 404. */
export async function getPublicProgram(db: Db, id: string): Promise<PublicProgram> {
  const row = await repo.findProgram(db, id, null);
  if (!row || row.status !== 'publish') throw AppError.notFound();
  const program = toProgram(row, await repo.facilitatorsOf(db, [id]));
  return {
    id: program.id,
    title: program.title,
    type: program.type,
    program_benefits: program.program_benefits,
    learning_targets: program.learning_targets,
    program_information: program.program_information,
    fasilitator: program.fasilitator.map(({ id: fid, name, description, picture }) => ({
      id: fid,
      name,
      description,
      picture,
    })),
    status: program.status,
    is_free: program.is_free,
    is_prakerja: program.is_prakerja,
    total_participants: program.total_participants,
    created_at: program.created_at,
  };
}

/**
 * The body with its rich text sanitized (program benefits, facilitator descriptions): every check
 * and the write see what will be stored.
 */
async function sanitizeBody(body: ProgramBodyParsed): Promise<ProgramBodyParsed> {
  const fasilitator = [];
  for (const f of body.fasilitator) {
    fasilitator.push({ ...f, description: await sanitizeRichText(f.description) });
  }
  return { ...body, program_benefits: await sanitizeRichText(body.program_benefits), fasilitator };
}

/**
 * Checks what zod cannot, on the sanitized body: 'Deskripsi program' still has content once
 * sanitized (`<script>x</script>` alone is empty), and the study, the media and the trainer
 * accounts exist. Field errors use the body's paths, like the schema's errors.
 */
async function checkBody(deps: ProgramDeps, body: ProgramBodyParsed) {
  const { db } = deps;
  const validation: Record<string, string> = {};
  if (!richTextHasContent(body.program_benefits)) {
    validation.program_benefits = messages.required(programFieldLabels.programBenefits);
  }
  const studyId = body.learning_targets.studies.id;
  const trainerIds = body.fasilitator
    .map((f) => f.user_id)
    .filter((v): v is string => typeof v === 'string');
  const [studyOk, trainersFound] = [
    await repo.studyExists(db, studyId),
    await repo.activeTrainerIds(db, [...new Set(trainerIds)]),
  ];
  if (!studyOk) validation['learning_targets.studies'] = programMessages.studyNotFound;
  // Pictures are library images; their stored url is the library's, never the client's.
  const cover = body.program_information.cover;
  const pictures: MediaRefSlot[] = [
    ...(cover
      ? [
          {
            key: 'program_information.cover',
            ref: cover,
            kinds: ['image'] as const,
            notFound: programMessages.coverNotFound,
          },
        ]
      : []),
    ...body.fasilitator.flatMap((f, i) =>
      f.picture
        ? [
            {
              key: `fasilitator.${i}.picture`,
              ref: f.picture,
              kinds: ['image'] as const,
              notFound: programMessages.pictureNotFound,
            },
          ]
        : [],
    ),
  ];
  await resolveMediaRefs(deps, pictures, validation);
  body.fasilitator.forEach((f, i) => {
    if (f.user_id && !trainersFound.has(f.user_id)) {
      validation[`fasilitator.${i}.user_id`] = programMessages.trainerNotFound;
    }
  });
  if (Object.keys(validation).length > 0) throw AppError.validation(validation);
}

function programValues(body: ProgramBodyParsed): Omit<repo.ProgramValues, 'status' | 'created_by'> {
  const info = body.program_information;
  return {
    title: body.title,
    type: body.type,
    program_benefits: body.program_benefits,
    study_id: body.learning_targets.studies.id,
    competence: body.learning_targets.competence,
    cover_media_id: info.cover?.id ?? null,
    cover_url: info.cover?.url ?? null,
    discount_price: info.discount_price,
    selling_price: info.selling_price,
    selling_link: info.selling_link,
    is_free: body.is_free,
    is_prakerja: body.is_prakerja,
    ...(body.certificate_validity ? { certificate_validity: body.certificate_validity } : {}),
  };
}

function facilitatorValues(
  programId: string,
  f: ProgramBodyParsed['fasilitator'][number],
  index: number,
): repo.FacilitatorValues {
  return {
    program_id: programId,
    name: f.name,
    description: f.description,
    picture_media_id: f.picture?.id ?? null,
    picture_url: f.picture?.url ?? null,
    user_id: f.user_id,
    seq: index + 1,
    ...(f.status ? { status: f.status } : {}),
  };
}

function assertTransition(from: ProgramStatus, to: ProgramStatus) {
  if (from === to) throw AppError.badRequest(programMessages.sameStatus(to));
  if (!canChangeProgramStatus(from, to)) {
    throw AppError.badRequest(programMessages.invalidTransition(from, to));
  }
}

/**
 * Linking a facilitator to a trainer account assigns the trainer: a staff decision
 * of the superadmin (`users.manage`). For anyone else the sent `user_id`s are dropped:
 * new facilitators get no link, and updates keep the stored links (`keepLinks`).
 */
function mayLinkTrainers(actor: Viewer): boolean {
  return can(actor.role, 'users.manage');
}

function withoutLinks(body: ProgramBodyParsed): ProgramBodyParsed {
  return { ...body, fasilitator: body.fasilitator.map((f) => ({ ...f, user_id: null })) };
}

/** Creates a program and its facilitators in one transaction; draft unless a status is given. */
export async function createProgram(deps: ProgramDeps, actor: Viewer, input: ProgramBodyParsed) {
  const { db } = deps;
  const sanitized = await sanitizeBody(input);
  const body = mayLinkTrainers(actor) ? sanitized : withoutLinks(sanitized);
  await checkBody(deps, body);
  return db.transaction(async (tx) => {
    const id = await repo.insertProgram(tx, {
      ...programValues(body),
      status: body.status ?? 'draft',
      created_by: actor.id,
    });
    await repo.insertFacilitators(
      tx,
      body.fasilitator.map((f, i) => facilitatorValues(id, f, i)),
    );
    await recordAuditEvent(tx, {
      actorUserId: actor.id,
      action: 'program.created',
      subjectType: 'program',
      subjectId: id,
      after: { title: body.title, status: body.status ?? 'draft' },
    });
    return { id };
  });
}

/**
 * Replaces a program and its facilitators in one transaction: a facilitator with a known id is
 * updated, one without an id is added, and those no longer sent are deleted. A status in the
 * body follows the same transitions as update-status.
 */
export async function updateProgram(
  deps: ProgramDeps,
  actor: Viewer,
  id: string,
  input: ProgramBodyParsed,
) {
  const { db } = deps;
  const keepLinks = !mayLinkTrainers(actor);
  const sanitized = await sanitizeBody(input);
  const body = keepLinks ? withoutLinks(sanitized) : sanitized;
  await checkBody(deps, body);
  await db.transaction(async (tx) => {
    const current = await repo.lockProgram(tx, id);
    if (!current) throw AppError.notFound();
    if (body.status && body.status !== current.status)
      assertTransition(current.status, body.status);
    const existing = new Set(await repo.facilitatorIdsOf(tx, id));
    const unknown: Record<string, string> = {};
    body.fasilitator.forEach((f, i) => {
      if (f.id && !existing.has(f.id))
        unknown[`fasilitator.${i}.id`] = programMessages.facilitatorNotFound;
    });
    if (Object.keys(unknown).length > 0) throw AppError.validation(unknown);

    await repo.updateProgram(tx, id, {
      ...programValues(body),
      ...(body.status ? { status: body.status } : {}),
    });
    const kept = body.fasilitator.flatMap((f) => (f.id ? [f.id] : []));
    await repo.deleteFacilitatorsExcept(tx, id, kept);
    const added: repo.FacilitatorValues[] = [];
    for (const [i, f] of body.fasilitator.entries()) {
      const values = facilitatorValues(id, f, i);
      // An undefined column is left out of Drizzle's SET: the stored link stays.
      if (f.id)
        await repo.updateFacilitator(
          tx,
          f.id,
          keepLinks ? { ...values, user_id: undefined } : values,
        );
      else added.push(values);
    }
    await repo.insertFacilitators(tx, added);
    await recordAuditEvent(tx, {
      actorUserId: actor.id,
      action: 'program.updated',
      subjectType: 'program',
      subjectId: id,
      before: { title: current.title, status: current.status },
      after: { title: body.title, status: body.status ?? current.status },
    });
  });
}

/** draft|archive → publish, publish → archive (spec 01 §4); anything else is 400. */
export async function changeProgramStatus(db: Db, actor: Viewer, id: string, to: ProgramStatus) {
  await db.transaction(async (tx) => {
    const current = await repo.lockProgram(tx, id);
    if (!current) throw AppError.notFound();
    assertTransition(current.status, to);
    await repo.setProgramStatus(tx, id, to);
    await recordAuditEvent(tx, {
      actorUserId: actor.id,
      action:
        to === 'publish'
          ? 'program.published'
          : to === 'archive'
            ? 'program.archived'
            : 'program.updated',
      subjectType: 'program',
      subjectId: id,
      before: { status: current.status },
      after: { status: to },
    });
  });
}

/** Deletes a program with its topics, activities, facilitators and redemptions (FK cascade). */
export async function deleteProgram(db: Db, actor: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const current = await repo.lockProgram(tx, id);
    if (!current || !(await repo.deleteProgram(tx, id))) throw AppError.notFound();
    await recordAuditEvent(tx, {
      actorUserId: actor.id,
      action: 'program.deleted',
      subjectType: 'program',
      subjectId: id,
      before: { title: current.title, status: current.status },
    });
  });
}
