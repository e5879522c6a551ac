import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { buildProgram } from '../../test/factories/programs';
import { exportRows } from './exports.rows';

it('rows', async () => {
  const t = await createTestApp();
  const p = await buildProgram(t.db, { status: 'publish' });
  const n = Number(process.env.N ?? 100000);
  let s = performance.now();
  await t.db.execute(sql`insert into members (fullname, email, phone) select 'Peserta ' || g, 'p' || g || '@contoh.id', '62812' || lpad(g::text, 8, '0') from generate_series(1, ${n}) g`);
  process.stderr.write(`members ${Math.round(performance.now() - s)}\n`);
  await t.db.execute(sql`alter table member_redeems disable trigger user`);
  await t.db.execute(sql`insert into member_redeems (member_id, program_id, license, pmo_code, progress, created_at, scores) select m.id, ${p.id}, 'LIC-' || m.email, 'PMO' || m.phone, (random()*100)::int, now() - (random() * interval '300 days'), '{"pre_test":{"score":50},"post_test":{"final_score":80}}'::jsonb from members m`);
  process.stderr.write(`seeded ${Math.round(performance.now() - s)}\n`);
  const ex = await t.db.execute(sql`explain analyze select r.id, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from member_redeems r join members m on m.id = r.member_id join programs p on p.id = r.program_id left join resellers s on s.id = r.reseller_id where r.program_id = ${p.id} and r.created_at >= ('2026-05-29T21:13:34.968090'::timestamp at time zone 'UTC') and (r.created_at, r.id) > (('2026-05-29T21:13:34.968090'::timestamp at time zone 'UTC'), '00000000-0000-0000-0000-000000000000'::uuid) order by r.created_at, r.id limit 2000`);
  void ex;
  s = performance.now();
  let c = 0;
  for await (const r of exportRows(t.db, { programIds: [p.id], sort: 'created_at', rangeDateType: 'created_at', progressStart: 0, progressEnd: 100, limit: -1 })) {
    c++;
    if (c % 20000 === 0) process.stderr.write(`${c} ${r.sort_key} ${Math.round(performance.now() - s)}\n`);
    if (c > n * 2) break;
  }
  process.stderr.write(`rows ${c} in ${Math.round(performance.now() - s)}\n`);
  await t.close();
}, 600_000);
