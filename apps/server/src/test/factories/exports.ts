import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { activities, activityProgress, memberRedeems } from '../../db/schema';

/**
 * What export tests need beyond the participant factories: graded activities, staff feedback on
 * them, a reseller on a redemption, and the downloaded file read back with ExcelJS's reader.
 */

/** An activity of a given type at `seq` in the topic (the activity module owns its API). */
export async function buildTypedActivity(
  db: Db,
  topic: { id: string; program_id: string },
  type: string,
  seq: number,
  name = `Aktivitas ${seq}`,
) {
  const [row] = await db
    .insert(activities)
    .values({ program_id: topic.program_id, topic_id: topic.id, name, type, seq })
    .returning();
  return row!;
}

/** Staff feedback (score and text) of a participant on an activity, as grading stores it. */
export async function buildFeedback(
  db: Db,
  redeem: { id: string; program_id: string },
  activity: { id: string; topic_id: string },
  feedback: { score: number | null; text: string | null },
) {
  await db.insert(activityProgress).values({
    member_redeem_id: redeem.id,
    program_id: redeem.program_id,
    topic_id: activity.topic_id,
    activity_id: activity.id,
    is_complete: true,
    completed_at: new Date(),
    feedback_score: feedback.score,
    feedback_text: feedback.text,
    feedback_at: new Date(),
  });
}

/** Links a redemption to a reseller (what a redeem with a referral code records). */
export async function setRedeemReseller(db: Db, redeemId: string, resellerId: string) {
  await db
    .update(memberRedeems)
    .set({ reseller_id: resellerId })
    .where(eq(memberRedeems.id, redeemId));
}

export type SheetValue = string | number | boolean | Date | null;

/** The first sheet of an .xlsx as rows of plain values (header row first). */
export async function readSheet(data: Buffer | ArrayBuffer): Promise<SheetValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('workbook without a sheet');
  const rows: SheetValue[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: SheetValue[] = [];
    for (let c = 1; c <= sheet.columnCount; c += 1) {
      const value = row.getCell(c).value;
      values.push(value === undefined ? null : (value as SheetValue));
    }
    rows.push(values);
  });
  return rows;
}

/** The number formats of an .xlsx's date cells (first sheet): how a spreadsheet shows them. */
export async function dateCellFormats(data: Buffer | ArrayBuffer): Promise<Set<string>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const formats = new Set<string>();
  workbook.worksheets[0]?.eachRow((row) => {
    row.eachCell((cell) => {
      if (cell.value instanceof Date) formats.add(cell.numFmt);
    });
  });
  return formats;
}

/** Fetches a download link of the app (as a browser would) and reads its sheet. */
export async function downloadSheet(app: FastifyInstance, publicUrl: string) {
  const url = new URL(publicUrl, 'http://localhost');
  const res = await app.inject({ method: 'GET', url: url.pathname });
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode} ${res.body}`);
  return { res, rows: await readSheet(res.rawPayload) };
}
