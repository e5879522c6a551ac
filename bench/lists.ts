// The list benches (attendance list and reseller user list, 100,000 rows each, one client
// over HTTP) and the notification to 100,000 members, on one PGlite database holding the
// 100,000 redemptions of bench/large-redemptions.ts.
import { sql } from 'drizzle-orm';
import { notificationCreateBodySchema } from '@ajar/shared/notifications/notifications.schemas';
import type { RequestUser } from '../apps/server/src/plugins/auth';
import { createNotification } from '../apps/server/src/modules/notifications/notifications.service';
import { authHeader } from '../apps/server/src/test/factories/users';
import { listen, loadInWorker } from './api';
import { machineLine, openSeededPglite, rows, type BenchDb } from './bench-db';
import { seedLargeRedemptions } from './large-redemptions';

const within = (ok: boolean) => (ok ? 'met' : '**missed**');

/**
 * Every redemption of the program through one reseller, and one attendance per redemption to a
 * meeting activity added to the program (bulk SQL, like the redemptions themselves).
 */
export async function fillLists(bench: BenchDb, programId: string) {
  const started = performance.now();
  const [reseller] = rows<{ id: string; code: string }>(
    await bench.db.execute(
      sql`select id, referral_code as code from resellers order by created_at limit 1`,
    ),
  );
  if (!reseller) throw new Error('the demo seed has no reseller');
  await bench.db.execute(sql`update member_redeems set reseller_id = ${reseller.id},
      meta = '{"gift":"false"}'::jsonb where program_id = ${programId}`);
  const [meeting] = rows<{ id: string; topic_id: string }>(
    await bench.db.execute(sql`insert into activities (program_id, topic_id, name, type, seq,
        status, settings, content)
      select ${programId}, t.id, 'Diskusi Daring Pekanan', 'berdiskusi_daring', 99, 'publish',
        '{"estimated_duration":60}'::jsonb, '{}'::jsonb
      from topics t where t.program_id = ${programId} order by t.seq limit 1
      returning id, topic_id`),
  );
  await bench.db.execute(sql`insert into attendances (member_redeem_id, member_id, program_id,
      topic_id, activity_id, schedule_key, created_at, updated_at)
    select r.id, r.member_id, ${programId}, ${meeting!.topic_id}, ${meeting!.id},
      to_char(r.created_at + interval '7 hours', 'YYYY-MM-DD') || ' 08:00-10:00',
      r.created_at + interval '1 hour', r.created_at + interval '1 hour'
    from member_redeems r where r.program_id = ${programId}`);
  await bench.db.execute(
    sql`vacuum (analyze) members, member_redeems, resellers, attendances, activities`,
  );
  return { resellerCode: reseller.code, seconds: (performance.now() - started) / 1000 };
}

async function notifyAll(bench: BenchDb, programId: string) {
  const [user] = rows<RequestUser>(
    await bench.db.execute(sql`select id, fullname, email, phone, role, '' as "sessionId"
      from users where id = ${bench.admin.id}`),
  );
  const body = notificationCreateBodySchema.parse({
    title: 'Jadwal diskusi pekan ini',
    message: 'Diskusi daring pekan ini dimulai pukul 08.00 WIB. Sampai jumpa!',
    program_id: programId,
    progress_start: 0,
    progress_end: 100,
  });
  // No Web Push here: the bench measures the in-app rows the request commits before answering.
  const push = { enqueue: async () => {}, idle: async () => {} };
  // No sockets either: the recipients are read for the live event, no server sends it.
  const realtime = { emit: () => {} };
  const started = performance.now();
  const created = await createNotification({ db: bench.db, push, realtime }, user!, body);
  const ms = performance.now() - started;
  const [count] = rows<{ n: number }>(
    await bench.db.execute(sql`select count(*)::int as n from member_notifications
      where sent_notification_id = ${created.id}`),
  );
  return { ms, recipients: created.recipients, rows: count?.n ?? 0 };
}

export async function listsBench(lines: string[], options: { count?: number } = {}) {
  const count = options.count ?? 100_000;
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const bench = await openSeededPglite('lists');
  try {
    const large = await seedLargeRedemptions(bench.db, count, { vacuum: false });
    const filled = await fillLists(bench, large.programId);
    const app = await bench.app();
    const url = await listen(app);
    const headers = await authHeader(bench.db, { id: bench.admin.id });
    lines.push(
      `## Attendance list, reseller user list and notifications on ${count.toLocaleString('en')} rows`,
      '',
      machineLine(),
      '',
      `PGlite (embedded). ${large.redemptions.toLocaleString('en')} redemptions generated in ` +
        `${large.seconds.toFixed(1)} s (bulk SQL, \`bench/large-redemptions.ts\`); all of them ` +
        `put on one reseller and given one attendance each, then \`vacuum (analyze)\`, in ` +
        `${filled.seconds.toFixed(1)} s. One client, keep-alive, ${seconds} s per call after 1 s ` +
        'of warm-up.',
      '',
      '| bench | result | goal |',
      '|---|---|---|',
    );
    const calls = [
      [
        'attendance list',
        `/api/presence/v1/company/list?program_id=${large.programId}&page=500&limit=10`,
      ],
      [
        'reseller user list',
        `/api/reseller/v1/list-user?reseller_code=${encodeURIComponent(filled.resellerCode)}&page=500&limit=5`,
      ],
    ] as const;
    for (const [name, path] of calls) {
      const check = await fetch(`${url}${path}`, { headers });
      const body = (await check.json()) as { data?: { list?: unknown[]; total?: number } };
      await loadInWorker({ url: `${url}${path}`, headers, connections: 1, seconds: 1 });
      const r = await loadInWorker({ url: `${url}${path}`, headers, connections: 1, seconds });
      lines.push(
        `| ${name}, page 500 (\`GET ${path.replace(/=[0-9a-f-]{36}/, '={id}')}\`) | p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.rps.toFixed(0)} req/s (${r.requests} requests, ${r.errors} errors; HTTP ${check.status}, ${body.data?.list?.length ?? 0} rows of ${body.data?.total ?? '?'}) | — (figure asked for) |`,
      );
    }
    const sent = await notifyAll(bench, large.programId);
    lines.push(
      `| a notification to every member of the program (\`createNotification\`, the service behind \`POST\` of the notification route; push worker not run) | ${(sent.ms / 1000).toFixed(2)} s until the request's transaction committed ${sent.rows.toLocaleString('en')} in-app rows (recipients ${sent.recipients.toLocaleString('en')}) | ≤ 5 s: ${within(sent.ms <= 5000 && sent.rows >= count)} |`,
      '',
      ...listNotes,
      '',
    );
  } finally {
    await bench.close();
  }
}

const listNotes = [
  '#### Reading the list and notification figures',
  '',
  '- The lists are the real routes with an admin token over HTTP: routing, session, validation,',
  '  the page (4,990 or 2,495 rows skipped), the total count and JSON. p50 is the latency one',
  '  request sees; the machine was shared with other work (load average above).',
  '- The notification is the service the send route calls: one transaction inserts the record',
  '  and one in-app row per distinct member of the target (insert … select), so "every in-app',
  '  row exists" when it returns. Web Push is a background job after the answer and is not',
  '  part of the figure.',
  '- Where the attendance list spends its time (`explain analyze` on the same data, 2026-11-24):',
  "  the total, a count of the program's 100,000 attendances on every request, is a sequential",
  '  scan of about 17 to 28 ms; the page is an index scan on `attendances_program_created_idx`',
  '  then an incremental sort on `id` (the tie-breaker the index lacks), about 8 ms, 3.5 ms',
  '  without the sort. The reseller list counts 100,054 redemptions the same way.',
  '- Not measured: these lists on PostgreSQL, and the chat list benches (a thread of',
  '  2,000 messages, a room list of 10,000 rooms).',
];
