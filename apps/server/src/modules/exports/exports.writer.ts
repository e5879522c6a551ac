import type { Writable } from 'node:stream';
import { loadExcelJs } from '../../lib/lazy-modules';
import {
  epmActivityKinds,
  memberRedeemEpmHeaders,
  memberRedeemHeaders,
  type EpmKind,
  type ExportKind,
} from '@ajar/shared/exports/exports.constants';
import { excelDateTimeFormat } from '@ajar/shared/common/datetime';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import { epmColumnHeader } from '@ajar/shared/imports/imports.constants';
import { educationLevelLabels } from '@ajar/shared/members/members.constants';
import type { DbOrTx } from '../../db/client';
import { safeRow } from '../../lib/xlsx-cells';
import * as repo from './exports.repository';
import { exportRows, inBatches, type ExportRow, type RedeemExportFilter } from './exports.rows';

/**
 * `stream`: ExcelJS's streaming WorkbookWriter, each row committed to the zip as it is written
 * (what the API uses). `memory`: the whole workbook built in memory, then written; kept only so
 * the bench can compare both in one run.
 */
export type ExportWriterMode = 'stream' | 'memory';

export type Cell = string | number | Date | null;

export interface ColumnDef {
  header: string;
  width: number;
  date?: boolean;
}

/** Rows handed to the writer together; the TPM/UK lookup runs once per batch. */
const writeBatch = 1000;

const dateFormat = excelDateTimeFormat;

const widths: Record<string, number> = {
  No: 7,
  'Kode Voucher': 22,
  'Kode Redeem': 18,
  'Nama Peserta': 28,
  Email: 30,
  'Nomor Whatsapp': 17,
  'Jenjang Pendidikan': 19,
  Program: 36,
  'Progress (%)': 13,
  Reseller: 24,
  'Kode Referral': 15,
};

const dateHeaders = new Set(['Tanggal Redeem', 'Tanggal Mulai', 'Tanggal Penyelesaian']);

function columnsOf(headers: readonly string[]): ColumnDef[] {
  return headers.map((header) => ({
    header,
    width:
      widths[header] ?? (dateHeaders.has(header) ? 22 : header.startsWith('Feedback') ? 40 : 14),
    date: dateHeaders.has(header),
  }));
}

/** The columns of the `member_redeem` export. */
export const memberRedeemColumns = () => columnsOf(memberRedeemHeaders);

/** The education level as the profile names it; empty when the participant gave none. */
const educationLabel = (r: ExportRow): string | null =>
  r.education_level ? educationLevelLabels[r.education_level] : null;

const wallClock = (value: Date | null): Date | null => (value ? toExportWallClock(value) : null);

/** A sheet that takes rows one by one, streamed or kept in memory. */
interface SheetSink {
  add(values: Cell[]): void;
  finish(): Promise<void>;
}

/**
 * ExcelJS's workbook and its one sheet as every export sets them up (columns, widths, date
 * format, frozen bold header). Exported for the bench, which times this writer alone.
 */
export async function openWorkbook(out: Writable, mode: ExportWriterMode, columns: ColumnDef[]) {
  const ExcelJS = await loadExcelJs();
  const workbook =
    mode === 'stream'
      ? // Inline strings: a shared-string table would grow with the export and stay in memory.
        new ExcelJS.stream.xlsx.WorkbookWriter({
          stream: out,
          useStyles: true,
          useSharedStrings: false,
        })
      : new ExcelJS.Workbook();
  workbook.creator = 'Ajar';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Peserta', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...(c.date ? { style: { numFmt: dateFormat } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  if (mode === 'stream') header.commit();
  const finish = async () => {
    if (workbook instanceof ExcelJS.stream.xlsx.WorkbookWriter) {
      sheet.commit();
      await workbook.commit();
    } else {
      await workbook.xlsx.write(out);
    }
  };
  return { sheet, finish };
}

async function openSheet(
  out: Writable,
  mode: ExportWriterMode,
  columns: ColumnDef[],
): Promise<SheetSink> {
  const { sheet, finish } = await openWorkbook(out, mode, columns);
  return {
    add(values) {
      // Formula-like text is neutralised: lib/xlsx-cells.ts.
      const row = sheet.addRow(safeRow(values));
      if (mode === 'stream') row.commit();
    },
    finish,
  };
}

/** One participant's cells of the `member_redeem` export, `n` its row number from 1. */
export function memberRedeemValues(n: number, r: ExportRow): Cell[] {
  return [
    n,
    r.license,
    r.pmo_code,
    r.fullname,
    r.email,
    r.phone,
    educationLabel(r),
    r.program_title,
    r.progress,
    r.pre_test,
    r.post_test,
    wallClock(r.created_at),
    wallClock(r.start_test_at),
    wallClock(r.end_test_at),
    r.reseller_name,
    r.referral_code,
  ];
}

type FeedbackRow = Awaited<ReturnType<typeof repo.feedbackOf>>[number];

/**
 * TPM/UK columns of the exported programs: a `Nilai UK 12 - Judul` /
 * `Feedback UK 12 - Judul` pair per activity, named by its activity number (the number the score
 * import reads) and title, TPM before UK, then by number. Programs whose activity has the same
 * number and title share the pair, so the file can be imported back after editing scores.
 */
async function gradedColumns(db: DbOrTx, programIds: string[]) {
  const types = epmActivityKinds.map((k) => k.type as string);
  const kindOf = new Map<string, EpmKind>(epmActivityKinds.map((k) => [k.type, k.key]));
  const rows = await repo.gradedActivities(db, [...new Set(programIds)], types);
  const kindOrder = epmActivityKinds.map((k) => k.key as EpmKind);
  const pairs = new Map<string, { kind: EpmKind; number: number; title: string }>();
  const pairOf = new Map<string, string>();
  const byProgram = new Map<string, string[]>();
  for (const a of rows) {
    const kind = kindOf.get(a.type)!;
    const key = `${kind}\u0000${a.number}\u0000${a.name}`;
    if (!pairs.has(key)) pairs.set(key, { kind, number: a.number, title: a.name });
    pairOf.set(a.id, key);
    byProgram.set(a.program_id, [...(byProgram.get(a.program_id) ?? []), a.id]);
  }
  const ordered = [...pairs].sort(
    ([, a], [, b]) =>
      kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
      a.number - b.number ||
      a.title.localeCompare(b.title),
  );
  const headers: string[] = [];
  // Column index (after the leading columns) of each activity's score; its feedback follows.
  const offset = new Map<string, number>();
  ordered.forEach(([key, pair], i) => {
    const kind = pair.kind === 'UK' ? 'uk' : 'tpm';
    headers.push(
      epmColumnHeader('score', kind, pair.number, pair.title),
      epmColumnHeader('feedback', kind, pair.number, pair.title),
    );
    offset.set(key, 2 * i);
  });
  const offsetOf = (activityId: string) => {
    const key = pairOf.get(activityId);
    return key === undefined ? undefined : offset.get(key);
  };
  return { headers, byProgram, offsetOf };
}

/**
 * Writes the export of `filter` as an .xlsx into `out`: `member_redeem` (one row per
 * participant with scores and dates) or `member_redeem_epm` ('Export TPM & UK': the staff
 * feedback score and text of each practice task and skills test). Rows come from keyset pages
 * (`exportRows`), so memory stays flat in `stream` mode whatever the number of participants.
 */
export async function writeMemberRedeemExport(
  deps: { db: DbOrTx },
  filter: RedeemExportFilter,
  out: Writable,
  options: {
    kind: ExportKind;
    mode: ExportWriterMode;
    /** Hears each row written (its number from 1): a job's progress. */
    onRow?: (n: number) => Promise<void> | undefined;
  },
): Promise<{ rows: number }> {
  const { db } = deps;
  let count = 0;
  if (options.kind === 'member_redeem') {
    const sheet = await openSheet(out, options.mode, memberRedeemColumns());
    for await (const row of exportRows(db, filter)) {
      count += 1;
      sheet.add(memberRedeemValues(count, row));
      await options.onRow?.(count);
    }
    await sheet.finish();
    return { rows: count };
  }

  const graded = await gradedColumns(db, filter.programIds);
  const lead = memberRedeemEpmHeaders.length;
  const sheet = await openSheet(
    out,
    options.mode,
    columnsOf([...memberRedeemEpmHeaders, ...graded.headers]),
  );
  for await (const batch of inBatches(exportRows(db, filter), writeBatch)) {
    const activityIds = [...new Set(batch.map((r) => r.program_id))].flatMap(
      (id) => graded.byProgram.get(id) ?? [],
    );
    const feedback = new Map<string, FeedbackRow[]>();
    for (const f of await repo.feedbackOf(
      db,
      batch.map((r) => r.id),
      activityIds,
    )) {
      const list = feedback.get(f.member_redeem_id) ?? [];
      list.push(f);
      feedback.set(f.member_redeem_id, list);
    }
    for (const r of batch) {
      count += 1;
      const values: Cell[] = [
        count,
        r.license,
        r.pmo_code,
        r.fullname,
        r.email,
        r.phone,
        educationLabel(r),
        r.program_title,
        r.progress,
        wallClock(r.created_at),
        wallClock(r.end_test_at),
        ...graded.headers.map(() => null),
      ];
      for (const f of feedback.get(r.id) ?? []) {
        const at = graded.offsetOf(f.activity_id);
        if (at === undefined) continue;
        const i = lead + at;
        values[i] = f.score;
        values[i + 1] = f.text;
      }
      sheet.add(values);
      await options.onRow?.(count);
    }
  }
  await sheet.finish();
  return { rows: count };
}
