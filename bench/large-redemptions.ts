import { sql } from 'drizzle-orm';
import {
  activitySettingsSchema,
  type ActivitySettingsInput,
} from '@ajar/shared/activities/activities-content.schemas';
import type { ActivityType } from '@ajar/shared/activities/activities.constants';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/tokens';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export const largeProgramTitle = 'Uji Beban: 100.000 Peserta';
/** Members made here carry this mark in `meta`, so `--replace` can remove exactly them. */
export const largeMemberMark = 'seed-large';
/** Every generated member signs in with `bebanN@contoh.id` and this password. */
export const largeMemberPassword = 'Rahasia123';

/**
 * The large program's activities in program order. The numbers the score import uses follow this
 * order: 5 is the TPM (praktek_mandiri), 7 the UK (evaluasi_praktek_mandiri).
 */
export const largeLayout: { topic: number; name: string; type: ActivityType }[] = [
  { topic: 1, name: 'Pre Test', type: 'pre_test' },
  { topic: 1, name: 'Video Pembuka', type: 'menonton_video' },
  { topic: 1, name: 'E-book Materi Dasar', type: 'membaca-e-book' },
  { topic: 2, name: 'Video Praktik', type: 'menonton_video' },
  { topic: 2, name: 'Praktek Mandiri', type: 'praktek_mandiri' },
  { topic: 2, name: 'Quiz Praktik', type: 'quiz' },
  { topic: 3, name: 'Evaluasi Praktek Mandiri', type: 'evaluasi_praktek_mandiri' },
  { topic: 3, name: 'Post Test', type: 'post_test' },
  { topic: 3, name: 'Evaluasi Pembelajaran', type: 'evaluasi' },
  { topic: 3, name: 'Rangkuman', type: 'general' },
];
export const largeActivityNumber = { tpm: 5, uk: 7 } as const;

const topicNames = ['Pembukaan', 'Praktik Inti', 'Evaluasi dan Penutup'];

const testSettings: ActivitySettingsInput = {
  estimated_duration: 20,
  set_minimum_value: { is_set: 1, minimum_value: 60 },
  opportunity_repeat_test: 1,
  is_show_score: 1,
  timer: 20,
};

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * `LRG-XXXX-XXXX` from the row number: an odd multiplier modulo 2^40 (8 characters of 5 bits) is a
 * bijection, so every row
 * gets its own code, and the prefix keeps them apart from the random `AJR-` codes staff issue.
 */
function voucherCode(g: string) {
  const x = `((${g}::bigint * 42515454871) % 1099511627776)`;
  const char = (i: number) => `substr('${codeAlphabet}', ((${x} >> ${5 * i}) & 31)::int + 1, 1)`;
  const part = (from: number) => [0, 1, 2, 3].map((i) => char(from + i)).join(' || ');
  return sql.raw(`'LRG-' || ${part(0)} || '-' || ${part(4)}`);
}

/**
 * `vacuum (analyze)` of the tables the bulk load filled: fresh statistics for the planner and the
 * visibility map that lets index-only scans skip the table. PostgreSQL's autovacuum does this a
 * little after a bulk load; PGlite has no autovacuum, so without it an embedded database keeps
 * reading the table for every index entry.
 */
export async function vacuumLarge(db: Db): Promise<void> {
  await db.execute(
    sql`vacuum (analyze) members, member_redeems, vouchers, voucher_batches, activity_progress, programs`,
  );
}

export interface LargeProgram {
  programId: string;
  redemptions: number;
  activityRows: number;
  seconds: number;
}

/** The large program's id, or null when it has not been generated. */
export async function findLargeProgram(db: Db): Promise<string | null> {
  const [row] = rows<{ id: string }>(
    await db.execute(sql`select id from programs where title = ${largeProgramTitle} limit 1`),
  );
  return row?.id ?? null;
}

/** Removes the large program (its redemptions, vouchers and progress go with it) and its members. */
export async function removeLargeProgram(db: Db): Promise<void> {
  await db.execute(sql`delete from programs where title = ${largeProgramTitle}`);
  await db.execute(sql`delete from members where meta->>'bench' = ${largeMemberMark}`);
}

/**
 * One published program with `count` redemptions, generated in bulk SQL (`generate_series`,
 * insert … select), not through the member services: 100,000 service calls would take hours on
 * PGlite, and the benches measure reading this data, not making it. What the rows hold matches
 * what the services write:
 * - members `bebanN@contoh.id` (one password hash shared, `largeMemberPassword`), phone 628…;
 * - one voucher batch of `count` codes `LRG-XXXX-XXXX`, every code redeemed by its member;
 * - redemptions spread over the past 180 days, a seventh of them through a reseller (when the demo
 *   resellers exist); progress k × 10 for k of 10 activities done (30 % none, 50 % part, 20 %
 *   all, with `end_test_at`), `start_test_at` when started, `scores` (pre-test, post-test
 *   score/final/passed) as the scoring service stores them;
 * - `activity_progress` rows for every fifth redemption (its first k activities complete, quiz
 *   scores on quiz types, UK/TPM feedback on half of the graded ones), so the Detail Aktivitas
 *   dialog and the TPM & UK export have rows to read without writing ~450,000 rows.
 * Runs in one transaction (the participants-count trigger off during the bulk insert, the count
 * set after), then `vacuumLarge` (or only `analyze` with `vacuum: false`).
 */
export async function seedLargeRedemptions(
  db: Db,
  count = 100_000,
  options: { vacuum?: boolean } = {},
): Promise<LargeProgram> {
  const started = performance.now();
  const passwordHash = await hashPassword(largeMemberPassword);
  const programId = await db.transaction(async (tx) => {
    const [admin] = rows<{ id: string }>(
      await tx.execute(
        sql`select id from users where role = 'superadmin' order by created_at limit 1`,
      ),
    );
    const [program] = rows<{ id: string }>(
      await tx.execute(sql`insert into programs (title, type, program_benefits, competence,
          selling_price, status, is_free, created_by, created_at, updated_at)
        values (${largeProgramTitle}, 'online',
          '<p>Program untuk mengukur kinerja dengan 100.000 peserta.</p>',
          '["Mengukur kinerja"]'::jsonb, 0, 'publish', true, ${admin?.id ?? null},
          now() - interval '200 days', now() - interval '200 days')
        returning id`),
    );
    const id = program!.id;
    const topicIds: string[] = [];
    for (const [i, name] of topicNames.entries()) {
      const [topic] = rows<{ id: string }>(
        await tx.execute(sql`insert into topics (program_id, name, seq, status)
          values (${id}, ${name}, ${i + 1}, 'publish') returning id`),
      );
      topicIds.push(topic!.id);
    }
    const seqInTopic = new Map<number, number>();
    for (const a of largeLayout) {
      const seq = (seqInTopic.get(a.topic) ?? 0) + 1;
      seqInTopic.set(a.topic, seq);
      const quizType = ['pre_test', 'quiz', 'post_test'].includes(a.type);
      const settings = activitySettingsSchema.parse(
        quizType ? testSettings : { estimated_duration: 15 },
      );
      await tx.execute(sql`insert into activities (program_id, topic_id, name, type, seq, status,
          settings, content)
        values (${id}, ${topicIds[a.topic - 1]!}, ${a.name}, ${a.type}, ${seq}, 'publish',
          ${JSON.stringify(settings)}::jsonb, '{}'::jsonb)`);
    }

    // One row per participant: ids drawn up front so members, redemptions and vouchers join.
    await tx.execute(sql`create temp table large_rows on commit drop as
      select g, gen_random_uuid() as member_id, gen_random_uuid() as redeem_id,
        case when g % 10 < 3 then 0 when g % 10 < 8 then 1 + (g * 7) % 9 else 10 end as k,
        now() - (2 + g % 178) * interval '1 day' - (g % 1440) * interval '1 minute' as created
      from generate_series(1, ${count}) g`);
    await tx.execute(sql`insert into members (id, fullname, email, phone, date_of_birth,
        password_hash, meta, created_at, updated_at)
      select member_id,
        (array['Ahmad','Siti','Rizky','Putri','Dedi','Nur','Agus','Fitri','Yusuf','Indah',
               'Hendra','Ratna','Fajar','Lina','Bambang','Wulan','Eko','Mega','Arif','Dian'])[1 + g % 20]
          || ' ' ||
        (array['Fauzi','Lestari','Kurniawan','Setiawan','Handayani','Maulana','Gunawan','Sari',
               'Nugroho','Marlina','Sutrisno','Prasetyo','Puspita','Hidayat','Susilo','Wibowo',
               'Saputra','Wahyuni','Firmansyah','Rahma'])[1 + (g / 20) % 20] || ' ' || g,
        'beban' || g || '@contoh.id', '6281' || lpad(g::text, 9, '0'),
        date '1970-01-01' + (g % 12000), ${passwordHash},
        jsonb_build_object('bench', ${largeMemberMark}::text),
        created - interval '3 hours', created - interval '3 hours'
      from large_rows`);
    // The participants-count trigger updates the program row once per inserted redemption; 100,000
    // updates of one row in one transaction walk an ever longer version chain (minutes). Off for
    // this insert (the lock it takes ends with the transaction), and the count is set once after.
    await tx.execute(sql`alter table member_redeems disable trigger member_redeems_participants`);
    await tx.execute(sql`insert into member_redeems (id, member_id, program_id, reseller_id,
        license, pmo_code, progress, meta, scores, start_test_at, end_test_at,
        created_at, updated_at)
      select r.redeem_id, r.member_id, ${id},
        case when r.g % 7 = 0 and cardinality(rs.ids) > 0
          then rs.ids[1 + (r.g / 7) % cardinality(rs.ids)] end,
        ${voucherCode('r.g')}, 'PMO' || lpad(r.g::text, 8, '0'), r.k * 10,
        case when r.g % 7 = 0 and cardinality(rs.ids) > 0
          then '{"gift":"false"}'::jsonb else '{}'::jsonb end,
        case when r.k = 0 then '{}'::jsonb else jsonb_build_object(
          'pre_test', jsonb_build_object('score', (r.g * 13) % 101),
          'post_test', case when r.k >= 8 then jsonb_build_object(
              'score', 40 + (r.g * 17) % 61, 'final_score', 50 + (r.g * 17) % 51,
              'passed', 50 + (r.g * 17) % 51 >= 60)
            else jsonb_build_object('score', null, 'final_score', null, 'passed', null) end,
          'list', '[]'::jsonb) end,
        case when r.k > 0 then r.created + (now() - r.created) * 0.05 end,
        case when r.k = 10 then r.created + (now() - r.created) * (0.5 + (r.g % 5) / 10.0) end,
        r.created, r.created
      from large_rows r
      cross join (select coalesce(array_agg(id order by created_at), '{}'::uuid[]) as ids
                  from resellers) rs`);
    await tx.execute(sql`alter table member_redeems enable trigger member_redeems_participants`);
    await tx.execute(sql`update programs set participants_count =
        (select count(*) from member_redeems where program_id = ${id})
      where id = ${id}`);
    const [batch] = rows<{ id: string }>(
      await tx.execute(sql`insert into voucher_batches (program_id, count, created_by, created_at)
        values (${id}, ${count}, ${admin?.id ?? null}, now() - interval '199 days') returning id`),
    );
    await tx.execute(sql`insert into vouchers (batch_id, program_id, code, member_redeem_id,
        redeemed_at, created_at, updated_at)
      select ${batch!.id}, ${id}, license, id, created_at, now() - interval '199 days', created_at
      from member_redeems where program_id = ${id}`);
    await tx.execute(sql`insert into activity_progress (member_redeem_id, program_id, topic_id,
        activity_id, is_complete, completed_at, score, attempts,
        feedback_score, feedback_text, feedback_by, feedback_at, created_at, updated_at)
      select r.redeem_id, ${id}, a.topic_id, a.id, true,
        r.created + (now() - r.created) * (0.05 + a.n / 25.0),
        case when a.type in ('pre_test', 'quiz', 'post_test') then (r.g * 11 + a.n) % 101 end,
        case when a.type in ('pre_test', 'quiz', 'post_test') then 1 else 0 end,
        case when a.type in ('praktek_mandiri', 'evaluasi_praktek_mandiri') and (r.g / 50) % 2 = 0
          then 60 + (r.g + a.n) % 41 end,
        case when a.type in ('praktek_mandiri', 'evaluasi_praktek_mandiri') and (r.g / 50) % 2 = 0
          then 'Hasil praktik sudah sesuai, tingkatkan ketelitian.' end,
        case when a.type in ('praktek_mandiri', 'evaluasi_praktek_mandiri') and (r.g / 50) % 2 = 0
          then ${admin?.id ?? null}::uuid end,
        case when a.type in ('praktek_mandiri', 'evaluasi_praktek_mandiri') and (r.g / 50) % 2 = 0
          then r.created + (now() - r.created) * (0.1 + a.n / 25.0) end,
        r.created + (now() - r.created) * (0.05 + a.n / 25.0),
        r.created + (now() - r.created) * (0.05 + a.n / 25.0)
      from large_rows r
      join (select act.id, act.topic_id, act.type,
              row_number() over (order by t.seq, act.seq) as n
            from activities act join topics t on t.id = act.topic_id
            where act.program_id = ${id}) a on a.n <= r.k
      where (r.g / 10) % 5 = 0 and r.k > 0`);
    return id;
  });
  if (options.vacuum ?? true) await vacuumLarge(db);
  else await db.execute(sql`analyze`);
  const [counts] = rows<{ redeems: number; progress: number }>(
    await db.execute(sql`select
      (select count(*)::int from member_redeems where program_id = ${programId}) as redeems,
      (select count(*)::int from activity_progress where program_id = ${programId}) as progress`),
  );
  return {
    programId,
    redemptions: counts!.redeems,
    activityRows: counts!.progress,
    seconds: (performance.now() - started) / 1000,
  };
}
