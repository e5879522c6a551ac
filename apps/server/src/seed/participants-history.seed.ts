import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Rand, Reach } from './learning.seed';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The services stamp everything "now", so a fresh demo would show 300 redemptions in one second.
 * This spreads each redemption's history over the past weeks, keeping its order: the redemption
 * moves to a day 1 to 45 days back (never before its program existed), and the participant's
 * steps (start, completions, uploads, feedback, quiz attempts, end) begin up to two days later and
 * are stretched over a span that suits how far they went (hours for the opening steps, up to three
 * weeks for the whole program), ending at least two hours ago. Quiz deadlines keep their real
 * length and a submission stays inside its deadline. Members joined a few hours before their first
 * redemption; issued vouchers date from the day after their program was created, or from an hour
 * before their batch's first redemption when that came sooner.
 */
export async function backdateParticipants(
  db: Db,
  plans: { redeemId: string; reach: Reach }[],
  programList: { id: string; created_at: Date }[],
  rand: Rand,
) {
  if (plans.length === 0) return;
  const reachOf = new Map(plans.map((p) => [p.redeemId, p.reach]));
  const redeemIds = [...reachOf.keys()];
  const [clock] = rows<{ now: string }>(
    await db.execute(sql`select clock_timestamp()::text as now`),
  );
  const now = new Date(clock!.now).getTime();
  // Where each participant's steps began and ended, by the database's own stamps.
  const current = rows<{ id: string; program_id: string; anchor: string; last: string }>(
    await db.execute(sql`select r.id, r.program_id,
        coalesce(r.start_test_at, r.created_at)::text as anchor,
        greatest(r.updated_at,
          (select max(p.updated_at) from activity_progress p where p.member_redeem_id = r.id),
          (select max(a.updated_at) from quiz_attempts a where a.member_redeem_id = r.id))::text as last
      from member_redeems r where r.id = any(${sql.param(redeemIds)}::uuid[])`),
  );
  const programAge = new Map(programList.map((p) => [p.id, now - p.created_at.getTime()]));
  const ids: string[] = [];
  const created: string[] = [];
  const anchors: string[] = [];
  const begins: string[] = [];
  const ratios: number[] = [];
  for (const r of current) {
    const reach = reachOf.get(r.id) ?? 'none';
    const maxBack = Math.min(45 * day, (programAge.get(r.program_id) ?? 2 * day) - 6 * hour);
    const back = Math.max(4 * hour, Math.min(maxBack, day + rand(45) * day + rand(24) * hour));
    const delay = Math.min((back - 2 * hour) / 4, rand(48) * hour);
    const wanted =
      reach === 'done'
        ? (3 + rand(19)) * day
        : reach === 'deep'
          ? (2 + rand(12)) * day
          : (1 + rand(6)) * hour;
    const span = Math.max(10 * 60 * 1000, Math.min(wanted, back - delay - 2 * hour));
    const anchor = new Date(r.anchor).getTime();
    const walked = Math.max(1, new Date(r.last).getTime() - anchor);
    ids.push(r.id);
    created.push(new Date(now - back).toISOString());
    anchors.push(new Date(anchor).toISOString());
    begins.push(new Date(now - back + delay).toISOString());
    ratios.push(span / walked);
  }
  const map = sql`(select * from unnest(${sql.param(ids)}::uuid[],
    ${sql.param(created)}::timestamptz[], ${sql.param(anchors)}::timestamptz[],
    ${sql.param(begins)}::timestamptz[], ${sql.param(ratios)}::float8[])
    as m(id, created, anchor, begin_at, ratio)) m`;
  // A stamp of the walk, moved: the walk's first step lands on `begin_at`, the rest stretched.
  const f = (column: string, table: string) =>
    sql.raw(
      // greatest() skips nulls, so an unset stamp must stay unset explicitly.
      `case when ${table}.${column} is null then null else ` +
        `m.begin_at + greatest(${table}.${column} - m.anchor, interval '0') * m.ratio end`,
    );

  await db.transaction(async (tx) => {
    await tx.execute(sql`update member_redeems r set
        created_at = m.created,
        updated_at = greatest(m.created, ${f('updated_at', 'r')}),
        start_test_at = ${f('start_test_at', 'r')}, end_test_at = ${f('end_test_at', 'r')}
      from ${map} where r.id = m.id`);
    await tx.execute(sql`update vouchers v set redeemed_at = m.created, updated_at = m.created
      from ${map} where v.member_redeem_id = m.id`);
    await tx.execute(sql`update activity_progress p set
        created_at = ${f('created_at', 'p')}, updated_at = ${f('updated_at', 'p')},
        completed_at = ${f('completed_at', 'p')}, work_uploaded_at = ${f('work_uploaded_at', 'p')},
        feedback_at = ${f('feedback_at', 'p')}
      from ${map} where p.member_redeem_id = m.id`);
    await tx.execute(sql`update quiz_attempts a set
        started_at = ${f('started_at', 'a')},
        deadline_at = ${f('started_at', 'a')} + (a.deadline_at - a.started_at),
        submitted_at = least(${f('submitted_at', 'a')},
          ${f('started_at', 'a')} + (a.deadline_at - a.started_at) - interval '1 minute'),
        created_at = ${f('created_at', 'a')}, updated_at = ${f('updated_at', 'a')}
      from ${map} where a.member_redeem_id = m.id`);
    await tx.execute(sql`update members mb set created_at = f.first - interval '3 hours',
        updated_at = f.first - interval '3 hours'
      from (select member_id, min(created_at) as first from member_redeems
            where id = any(${sql.param(ids)}::uuid[]) group by member_id) f
      where mb.id = f.member_id`);
    // A batch is issued the day after its program was made, or earlier when one of its codes
    // was redeemed before that (an hour before the first redemption, never before the program):
    // no voucher is used before it was created.
    await tx.execute(sql`update voucher_batches b set created_at = x.at, updated_at = x.at
      from (select b2.id, greatest(p.created_at, least(p.created_at + interval '1 day',
              coalesce(min(v.redeemed_at), 'infinity'::timestamptz) - interval '1 hour')) as at
            from voucher_batches b2
            join programs p on p.id = b2.program_id
            left join vouchers v on v.batch_id = b2.id
            group by b2.id, p.created_at) x
      where x.id = b.id`);
    await tx.execute(sql`update vouchers v set created_at = b.created_at
      from voucher_batches b where b.id = v.batch_id`);
  });
}
