import { it } from 'vitest';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp } from '../../test/test-app';
import { buildImportProgram } from '../../test/factories/imports';
import { buildUser } from '../../test/factories/users';
import { importScores } from './imports.service';

it('100k rows', async () => {
  const t = await createTestApp();
  const user = await buildUser(t.db);
  const fx = await buildImportProgram(t.db, { redeems: 0 });
  const N = 100_000;
  await t.db.execute(
    sql`insert into members (fullname, email) select 'P', 'p' || g || '@x.id' from generate_series(1, ${N}) g`,
  );
  await t.db.execute(
    sql`insert into member_redeems (member_id, program_id, license) select id, ${fx.program.id}, 'L-' || substr(email, 2, length(email) - 6) from members where email like 'p%@x.id'`,
  );
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(['license', 'activity_number', 'score', 'feedback']);
  for (let i = 1; i <= N; i++)
    ws.addRow([
      `L-${i}`,
      3,
      i % 101,
      `Pekerjaan peserta ${i} sudah cukup baik, tingkatkan lagi detailnya ya.`,
    ]);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  process.stdout.write(`file MB ${buf.length / 1e6}\n`);
  for (let k = 0; k < 2; k++) {
    const t0 = Date.now();
    const rows = await importScores({ db: t.db }, user, 'uk', Readable.from([buf]));
    process.stdout.write(
      `import ms ${Date.now() - t0} ok ${rows.filter((r) => r.status).length} rss MB ${process.memoryUsage().rss / 1e6}\n`,
    );
  }
  await t.close();
}, 1_200_000);
