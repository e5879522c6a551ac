import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../apps/server/src/db/client';
import { pgliteSettings } from '../apps/server/src/db/pglite';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { importScores } from '../apps/server/src/modules/imports/imports.service';
import { largeActivityNumber, seedLargeRedemptions, vacuumLarge } from './large-redemptions';
import { importRowScore, measureParseAlone, measureWriteAlone } from './participants-limits';

const variants: Record<string, Record<string, string>> = JSON.parse(process.argv[2] ?? '{"base":{}}');
const base = { ...pgliteSettings };
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
for (const [name, extra] of Object.entries(variants)) {
  for (const k of Object.keys(pgliteSettings)) delete pgliteSettings[k];
  Object.assign(pgliteSettings, base, extra);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zzwal-'));
  process.env.DATA_DIR = dir;
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
  await database.migrate();
  const db = database.db;
  await ensureReferenceData(db);
  await seedIfEmpty(db, () => {});
  const large = await seedLargeRedemptions(db, 100_000, { vacuum: false });
  await vacuumLarge(db);
  const [viewer] = rows<{ id: string; role: 'superadmin' }>(await db.execute(sql`select id, role from users where email='admin@ajar.test'`));
  const lic = rows<{ license: string }>(await db.execute(sql`select license from member_redeems where program_id = ${large.programId} order by license`));
  const wb = new ExcelJS.Workbook(); const sh = wb.addWorksheet('Nilai');
  sh.addRow(['license', 'activity_number', 'score', 'feedback']);
  lic.forEach(({ license }, i) => { const s = importRowScore(i); sh.addRow([license, largeActivityNumber.uk, s.score, s.feedback]); });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  const out: string[] = [];
  const parse = await measureParseAlone(buf); out.push(`parse ${parse.parseMs.toFixed(0)}`);
  for (const label of ['imp1', 'imp2']) {
    const t = performance.now();
    await importScores({ db }, viewer!, 'uk', Readable.from([buf]));
    out.push(`${label} ${(performance.now() - t).toFixed(0)}`);
  }
  const w = await measureWriteAlone(db, large.programId, largeActivityNumber.uk, viewer!.id);
  out.push(`write ${w.ms.toFixed(0)}`);
  const w2 = await measureWriteAlone(db, large.programId, largeActivityNumber.uk, viewer!.id);
  out.push(`write ${w2.ms.toFixed(0)}`);
  console.log(name, out.join(' '), 'load', os.loadavg()[0].toFixed(2), 'rss', (process.memoryUsage().rss/1e6).toFixed(0));
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
