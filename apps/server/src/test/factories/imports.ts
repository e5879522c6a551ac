import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ActivityType } from '@ajar/shared/activities/activities.constants';
import type { Db } from '../../db/client';
import {
  activityProgress,
  memberRedeems,
  members,
  voucherBatches,
  vouchers,
} from '../../db/schema';
import { buildActivity, buildProgramWithTopics, assignTrainer } from './activities';
import { multipartBody } from './media';
import { buildRedeems } from './programs';

/**
 * A program laid out for score imports: topic 1 holds [video, praktek_mandiri], topic 2 holds
 * [evaluasi_praktek_mandiri, quiz], so activity numbers are 1 video, 2 TPM, 3 UK, 4 quiz.
 * `redeems` participants with random licenses plus one per given `licenses` (fixture files carry
 * fixed codes), optionally a trainer assigned. Rows go straight into the tables.
 */
export async function buildImportProgram(
  db: Db,
  options: { redeems?: number; trainerId?: string; licenses?: string[] } = {},
) {
  const { program, topics } = await buildProgramWithTopics(db, { topics: 2 });
  const layout: [number, ActivityType][] = [
    [0, 'menonton_video'],
    [0, 'praktek_mandiri'],
    [1, 'evaluasi_praktek_mandiri'],
    [1, 'quiz'],
  ];
  const activities = [];
  for (const [topic, type] of layout) {
    activities.push(await buildActivity(db, topics[topic]!, { type, name: `Aktivitas ${type}` }));
  }
  if (options.trainerId) await assignTrainer(db, program.id, options.trainerId);
  const redeems = await buildRedeems(db, program.id, options.redeems ?? 3);
  for (const [i, license] of (options.licenses ?? []).entries()) {
    const [member] = await db
      .insert(members)
      .values({ fullname: `Peserta ${license}`, email: `${license.toLowerCase()}-${i}@contoh.id` })
      .returning({ id: members.id });
    const [redeem] = await db
      .insert(memberRedeems)
      .values({ member_id: member!.id, program_id: program.id, license })
      .returning();
    redeems.push(redeem!);
  }
  return {
    program,
    topics,
    redeems,
    activity: {
      video: activities[0]!,
      tpm: activities[1]!,
      uk: activities[2]!,
      quiz: activities[3]!,
    },
  };
}

/** An issued voucher code of the program that nobody redeemed. */
export async function buildUnredeemedVoucher(db: Db, programId: string) {
  const [batch] = await db
    .insert(voucherBatches)
    .values({ program_id: programId, count: 1 })
    .returning();
  const code = `VCR-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(vouchers).values({ batch_id: batch!.id, program_id: programId, code });
  return code;
}

/** The stored feedback of one participant on one activity (undefined when none). */
export async function feedbackOf(db: Db, redeemId: string, activityId: string) {
  const [row] = await db
    .select({
      score: activityProgress.feedback_score,
      text: activityProgress.feedback_text,
      by: activityProgress.feedback_by,
    })
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        eq(activityProgress.activity_id, activityId),
      ),
    );
  return row;
}

/** An .xlsx written by ExcelJS: the header row, then the rows as given. */
export async function xlsxOf(rows: unknown[][], sheetName = 'Import Nilai'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body carrying `file`, for `app.inject`. */
export function importUpload(
  file: Buffer,
  filename = 'nilai.xlsx',
  contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, contentType, data: file }]);
  return { payload, headers };
}
