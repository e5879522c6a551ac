import type { Writable } from 'node:stream';
import { loadExcelJs } from '../../lib/lazy-modules';
import {
  epmActivityKinds,
  memberRedeemEpmHeaders,
  memberRedeemHeaders,
  type EpmKind,
  type ExportKind,
} from '@ajar/shared/exports/exports.constants';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
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

type Cell = string | number | Date | null;

interface ColumnDef {
  header: string;
  width: number;
  date?: boolean;
}

/** Rows handed to the writer together; the TPM/UK lookup runs once per batch. */
const writeBatch = 1000;

const dateFormat = 'dd/mm/yyyy hh:mm';

const widths: Record<string, number> = {
  No: 7,
  'Kode Voucher': 22,
  'Kode Redeem': 18,
  'Nama Peserta': 28,
  Email: 30,
  'Nomor Whatsapp': 17,
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
      widths[header] ?? (dateHeaders.has(header) ? 19 : header.startsWith('Feedback') ? 40 : 14),
    date: dateHeaders.has(header),
  }));
}

const wallClock = (value: Date | null): Date | null => (value ? toExportWallClock(value) : null);

/** A sheet that takes rows one by one, streamed or kept in memory. */
interface SheetSink {
  add(values: Cell[]): void;
  finish(): Promise<void>;
}

async function openSheet(
  out: Writable,
  mode: ExportWriterMode,
  columns: ColumnDef[],
): Promise<SheetSink> {
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
  return {
    add(values) {
      // Formula-like text is neutralised (issue 17): lib/xlsx-cells.ts.
      const row = sheet.addRow(safeRow(values));
      if (mode === 'stream') row.commit();
    },
    async finish() {
      if (workbook instanceof ExcelJS.stream.xlsx.WorkbookWriter) {
        sheet.commit();
        await workbook.commit();
      } else {
        await workbook.xlsx.write(out);
      }
    },
  };
}

function memberRedeemValues(n: number, r: ExportRow): Cell[] {
  return [
    n,
    r.license,
    r.pmo_code,
    r.fullname,
    r.email,
    r.phone,
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

/** TPM/UK activities of the exported programs, numbered per program in course order. */
async function gradedColumns(db: DbOrTx, programIds: string[]) {
  const types = epmActivityKinds.map((k) => k.type as string);
  const kindOf = new Map<string, EpmKind>(epmActivityKinds.map((k) => [k.type, k.key]));
  const rows = await repo.gradedActivities(db, [...new Set(programIds)], types);
  const slot = new Map<string, { kind: EpmKind; n: number }>();
  const counters = new Map<string, number>();
  const max: Record<EpmKind, number> = { TPM: 0, UK: 0 };
  const byProgram = new Map<string, string[]>();
  for (const a of rows) {
    const kind = kindOf.get(a.type)!;
    const counterKey = `${a.program_id}:${kind}`;
    const n = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, n);
    slot.set(a.id, { kind, n });
    max[kind] = Math.max(max[kind], n);
    byProgram.set(a.program_id, [...(byProgram.get(a.program_id) ?? []), a.id]);
  }
  const headers: string[] = [];
  for (const { key } of epmActivityKinds) {
    for (let n = 1; n <= max[key]; n += 1)
      headers.push(`Nilai ${key} ${n}`, `Feedback ${key} ${n}`);
  }
  // Column index (after the leading columns) of each kind's n-th activity.
  const offsetOf = (kind: EpmKind, n: number) => 2 * ((kind === 'TPM' ? 0 : max.TPM) + (n - 1));
  return { headers, slot, byProgram, offsetOf };
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
    const sheet = await openSheet(out, options.mode, columnsOf(memberRedeemHeaders));
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
        r.program_title,
        r.progress,
        wallClock(r.created_at),
        wallClock(r.end_test_at),
        ...graded.headers.map(() => null),
      ];
      for (const f of feedback.get(r.id) ?? []) {
        const at = graded.slot.get(f.activity_id);
        if (!at) continue;
        const i = lead + graded.offsetOf(at.kind, at.n);
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
