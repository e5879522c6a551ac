import { randomUUID } from 'node:crypto';
import type { ProgramStatus } from '@ajar/shared/programs/programs.constants';
import type { ProgramBody } from '@ajar/shared/programs/programs.schemas';
import type { Db } from '../../db/client';
import {
  activities,
  memberRedeems,
  members,
  programFacilitators,
  programs,
  studies,
  topics,
} from '../../db/schema';
import { buildMedia as buildMediaRow } from './media';

export async function buildStudy(db: Db, title = `Bidang ${randomUUID().slice(0, 8)}`) {
  const [row] = await db.insert(studies).values({ title }).returning();
  return row!;
}

/** An image row (no file behind it) with its served address: enough for reference checks. */
export async function buildMedia(db: Db) {
  const row = await buildMediaRow(db, { ext: 'jpg' });
  return { ...row, url: `/media/${row.storage_key}` };
}

/** A program straight in the database, with facilitators linked to the given trainers. */
export async function buildProgram(
  db: Db,
  overrides: Partial<{
    title: string;
    status: ProgramStatus;
    created_at: Date;
    study_id: string | null;
    is_prakerja: boolean;
    trainerIds: string[];
  }> = {},
) {
  const [row] = await db
    .insert(programs)
    .values({
      title: overrides.title ?? `Program ${randomUUID().slice(0, 8)}`,
      status: overrides.status ?? 'draft',
      program_benefits: '<p>Manfaat program</p>',
      study_id: overrides.study_id ?? null,
      competence: ['Kompetensi satu'],
      selling_price: 150000,
      discount_price: 300000,
      is_prakerja: overrides.is_prakerja ?? false,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returning();
  const trainerIds = overrides.trainerIds ?? [];
  if (trainerIds.length > 0) {
    await db.insert(programFacilitators).values(
      trainerIds.map((user_id, i) => ({
        program_id: row!.id,
        name: `Fasilitator ${i + 1}`,
        user_id,
        seq: i + 1,
      })),
    );
  }
  return row!;
}

/** `count` topics named `Topik 1..count` at seq 1..count. */
export async function buildTopics(db: Db, programId: string, count: number) {
  if (count === 0) return [];
  return db
    .insert(topics)
    .values(
      Array.from({ length: count }, (_, i) => ({
        program_id: programId,
        name: `Topik ${i + 1}`,
        seq: i + 1,
      })),
    )
    .returning();
}

/** Activities straight in the database (the activity module owns their API). */
export async function buildActivities(
  db: Db,
  topic: { id: string; program_id: string },
  count: number,
) {
  if (count === 0) return [];
  return db
    .insert(activities)
    .values(
      Array.from({ length: count }, (_, i) => ({
        program_id: topic.program_id,
        topic_id: topic.id,
        name: `Aktivitas ${i + 1}`,
        type: i % 2 === 0 ? 'menonton_video' : 'quiz',
        seq: i + 1,
        settings: { estimated_duration: 15 * (i + 1) },
      })),
    )
    .returning();
}

/** `count` member redemptions of the program, each by a new member. */
export async function buildRedeems(db: Db, programId: string, count: number) {
  if (count === 0) return [];
  const memberRows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullname: `Peserta ${i + 1}`,
        email: `peserta-${randomUUID().slice(0, 8)}@contoh.id`,
        phone: `62812${String(i).padStart(7, '0')}`,
      })),
    )
    .returning({ id: members.id });
  return db
    .insert(memberRedeems)
    .values(
      memberRows.map((m) => ({
        member_id: m.id,
        program_id: programId,
        license: `AJR-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 8)}`,
      })),
    )
    .returning();
}

/** A valid create/update body (spec 01 §7). */
export function programBody(
  study: { id: string; title: string },
  overrides: Partial<ProgramBody> = {},
): ProgramBody {
  return {
    title: 'Digital Marketing untuk UMKM',
    type: 'online',
    program_benefits: '<p>Peserta mampu memasarkan produk secara daring.</p>',
    learning_targets: { studies: study, competence: ['Membuat konten', 'Mengelola iklan'] },
    program_information: {
      cover: null,
      discount_price: 500000,
      selling_price: 250000,
      selling_link: [{ title: 'Tokopedia', url: 'https://tokopedia.com/ajar' }],
    },
    fasilitator: [
      { name: 'Rina Wulandari', description: '<p>Praktisi pemasaran</p>', picture: null },
    ],
    is_free: false,
    is_prakerja: true,
    ...overrides,
  };
}
