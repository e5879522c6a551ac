import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * 2,000 programs × 20 topics × 10 activities, 10,000 members and 60,000 redemptions, generated in
 * SQL so the seeding itself stays quick.
 */
export async function seedLargeCatalogue(
  db: Db,
  programs = 2000,
  topicsPer = 20,
  activitiesPer = 10,
) {
  await db.execute(sql`
    insert into programs (title, type, program_benefits, competence, selling_price, status, is_free, created_at)
    select (array['Pemasaran Digital', 'Bahasa Inggris Kerja', 'Pemrograman Python', 'Budidaya Lele',
                  'Public Speaking', 'Barista Kopi', 'Excel Perkantoran', 'Fotografi Produk'])[1 + g % 8]
             || ' Angkatan ' || g,
           (array['online', 'offline', 'hybrid'])[1 + g % 3],
           '<p>Program pelatihan untuk meningkatkan kompetensi kerja.</p>',
           '["Memahami konsep dasar", "Menerapkan di tempat kerja"]'::jsonb,
           100000 + (g % 50) * 10000,
           (array['publish', 'publish', 'draft', 'archive'])[1 + g % 4],
           g % 10 = 0,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${programs}) g`);
  await db.execute(sql`
    insert into topics (program_id, name, seq, status)
    select p.id, 'Topik ' || s || ': Materi Inti', s, 'publish'
    from programs p cross join generate_series(1, ${topicsPer}) s`);
  await db.execute(sql`
    insert into activities (program_id, topic_id, name, type, seq, status, settings, content)
    select t.program_id, t.id, 'Aktivitas ' || s,
           (array['menonton_video', 'membaca-e-book', 'quiz', 'berdiskusi_daring', 'praktek_mandiri'])[1 + s % 5],
           s, 'publish', jsonb_build_object('estimated_duration', 10 + s * 5), '{}'::jsonb
    from topics t cross join generate_series(1, ${activitiesPer}) s`);
  await db.execute(sql`
    insert into members (fullname, email, phone)
    select 'Peserta ' || g, 'peserta' || g || '@contoh.id', '62812' || lpad(g::text, 7, '0')
    from generate_series(1, 10000) g`);
  await db.execute(sql`
    insert into member_redeems (member_id, program_id, license, pmo_code, progress)
    select m.id, p.id, 'LIC-' || m.rn || '-' || p.rn, 'PMO' || m.rn || p.rn, (m.rn * 7 + p.rn) % 101
    from (select id, row_number() over (order by id) rn from members) m
    join (select id, row_number() over (order by created_at desc) rn from programs) p
      on p.rn in (1 + m.rn % ${programs}, 1 + (m.rn * 3) % ${programs}, 1 + (m.rn * 7) % ${programs},
                  1 + (m.rn * 11) % ${programs}, 1 + (m.rn * 13) % ${programs}, 1 + (m.rn * 17) % ${programs})`);
  await db.execute(sql`analyze`);
  const [first] = rows<{ id: string }>(
    await db.execute(sql`select id from programs where title like '%Angkatan 1' limit 1`),
  );
  const [counts] = rows<{ p: number; t: number; a: number }>(
    await db.execute(sql`select (select count(*)::int from programs) p, (select count(*)::int from topics) t,
                                (select count(*)::int from activities) a`),
  );
  return { programId: first!.id, programs: counts!.p, topics: counts!.t, activities: counts!.a };
}
