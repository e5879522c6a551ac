import { loadExcelJs } from '../../lib/lazy-modules';

/** Columns of the score import file (spec 01 §2 Import UK, §7 import calls). */
export const importTemplateColumns = ['license', 'activity_number', 'score', 'feedback'] as const;

/** The example row: what a filled-in line looks like. */
export const importTemplateExample = {
  license: 'PRK-7X2Q9A4B',
  activity_number: 1,
  score: 85,
  feedback: 'Pemahaman materi sudah baik, tingkatkan lagi latihan soalnya.',
} as const;

/** Builds the score import template: a header row and one Indonesian example row. */
export async function buildImportTemplate(): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ajar';
  const sheet = workbook.addWorksheet('Import Nilai');
  sheet.columns = [
    { header: 'license', key: 'license', width: 22 },
    { header: 'activity_number', key: 'activity_number', width: 18 },
    { header: 'score', key: 'score', width: 10 },
    { header: 'feedback', key: 'feedback', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.addRow(importTemplateExample);
  // The license is a code, not a number: keep Excel from reformatting what people type there.
  sheet.getColumn('license').numFmt = '@';
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data);
}
