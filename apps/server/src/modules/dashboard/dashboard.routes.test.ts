import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import type { Db } from '../../db/client';
import {
  activities,
  activityProgress,
  attendances,
  discussionReads,
  discussions,
  memberRedeems,
  members,
  programs,
  resellers,
} from '../../db/schema';
import { joinProgram } from '../../test/factories/members';
import { buildActivities, buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { countQueries } from '../../test/count-queries';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getSummary } from './dashboard.service';

type Headers = { authorization: string };

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** `YYYY-MM-DD` plus `n` days (calendar arithmetic, no time zone involved). */
function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant a WIB wall-clock time stands for. */
const wib = (date: string, time = '00:00:00') => new Date(`${date}T${time}+07:00`);

async function buildMember(db: Db, fullname: string) {
  const [row] = await db
    .insert(members)
    .values({ fullname, email: `${randomUUID().slice(0, 8)}@contoh.id` })
    .returning({ id: members.id });
  return row!.id;
}

async function buildReseller(db: Db, fullname: string) {
  const code = randomUUID().slice(0, 8).toUpperCase();
  const [row] = await db
    .insert(resellers)
    .values({
      fullname,
      email: `${code.toLowerCase()}@mitra.test`,
      phone: '6281300000000',
      password_hash: 'x',
      referral_code: code,
    })
    .returning({ id: resellers.id, referral_code: resellers.referral_code });
  return row!;
}

async function buildRedeem(
  db: Db,
  values: { program: string; member: string; reseller?: string; at: Date },
) {
  await db.insert(memberRedeems).values({
    program_id: values.program,
    member_id: values.member,
    reseller_id: values.reseller ?? null,
    license: `AJR-${randomUUID()}`,
    created_at: values.at,
    updated_at: values.at,
  });
}

describe('dashboard API', () => {
  let t: TestApp;
  let admin: Headers;
  let adminUser: { id: string };
  let superadmin: Headers;
  let trainer: { user: { id: string }; headers: Headers };
  let otherTrainer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: admin, user: adminUser } = await signedIn(t.db, 'admin'));
    superadmin = (await signedIn(t.db, 'superadmin')).headers;
    trainer = await signedIn(t.db, 'trainer');
    otherTrainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const summary = async (headers: Headers): Promise<DashboardSummary> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/v1/summary', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('success');
    return res.json().data as DashboardSummary;
  };

  /** Today in WIB, as the database sees it. */
  let today: string;

  it('answers zeros and 30 empty days on an empty database', async () => {
    const data = await summary(admin);
    today = data.redeems.per_day.at(-1)!.date;
    // The database's today in WIB is the machine's today in UTC+7 (unless midnight passed just now).
    expect([
      new Date(Date.now() + 7 * hour).toISOString().slice(0, 10),
      new Date(Date.now() + 7 * hour - 60_000).toISOString().slice(0, 10),
    ]).toContain(today);
    expect(data).toEqual({
      scope: 'all',
      programs: { total: 0, draft: 0, publish: 0, archive: 0 },
      topics: 0,
      activities: { total: 0, by_type: [] },
      participants: 0,
      completions: 0,
      attendance_today: 0,
      waiting_feedback: 0,
      unread_discussions: 0,
      reseller_redeems: 0,
      redeems: {
        total: 0,
        last_30_days: 0,
        per_day: Array.from({ length: 30 }, (_, i) => ({ date: addDays(today, i - 29), total: 0 })),
      },
      top_resellers: [],
      latest_programs: [],
      learning: {
        totals: {
          active_this_week: 0,
          completions: 0,
          certificates: 0,
          median_completion_days: null,
          average_gain: null,
          gain_participants: 0,
          flagged_programs: 0,
        },
        programs: [],
      },
    });
  });

  it('needs a session; every staff role may read it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/v1/summary' });
    expect(res.statusCode).toBe(401);
    expect((await summary(superadmin)).scope).toBe('all');
    expect((await summary(trainer.headers)).scope).toBe('assigned');
  });

  describe('with programs, activities and redeems', () => {
    const ids: Record<'p1' | 'p2' | 'p3' | 'p4', string> = { p1: '', p2: '', p3: '', p4: '' };
    let r1: { id: string; referral_code: string };
    let r2: { id: string; referral_code: string };

    beforeAll(async () => {
      const db = t.db;
      // P1 (publish) is the trainer's; P2 publish, P3 draft, P4 archive are not.
      ids.p1 = (await buildProgram(db, { status: 'publish', trainerIds: [trainer.user.id] })).id;
      ids.p2 = (await buildProgram(db, { status: 'publish' })).id;
      ids.p3 = (await buildProgram(db, { status: 'draft' })).id;
      ids.p4 = (await buildProgram(db, { status: 'archive' })).id;

      // Topics: P1 2, P2 3, P3 1 (6). Activities: P1 3 (video, quiz, video) + 1 exam,
      // P2 2 (video, quiz), P3 1 (video): video 4, quiz 2, exam 1.
      const [p1a, p1b] = await buildTopics(db, ids.p1, 2);
      const [p2a] = await buildTopics(db, ids.p2, 3);
      const [p3a] = await buildTopics(db, ids.p3, 1);
      await buildActivities(db, p1a!, 3);
      await db.insert(activities).values({
        program_id: ids.p1,
        topic_id: p1b!.id,
        name: 'Ujian Akhir',
        type: 'exam',
        seq: 1,
      });
      await buildActivities(db, p2a!, 2);
      await buildActivities(db, p3a!, 1);

      const [m1, m2, m3, m4] = [
        await buildMember(db, 'Ahmad Fauzi'),
        await buildMember(db, 'Siti Nurhaliza'),
        await buildMember(db, 'Rizky Ramadhan'),
        await buildMember(db, 'Putri Ayu'),
      ];
      r1 = await buildReseller(db, 'Hendro Wijaya');
      r2 = await buildReseller(db, 'Sri Rahayu');
      const firstDay = addDays(today, -29);
      // Today at 00:00 WIB.
      await buildRedeem(db, { program: ids.p1, member: m1!, reseller: r1.id, at: wib(today) });
      // Yesterday 06:30 WIB is still the day before yesterday in UTC: counted on yesterday.
      await buildRedeem(db, {
        program: ids.p1,
        member: m2!,
        reseller: r2.id,
        at: wib(addDays(today, -1), '06:30:00'),
      });
      // The first day of the window starts at 00:00 WIB; one second earlier is outside it.
      await buildRedeem(db, { program: ids.p2, member: m1!, reseller: r1.id, at: wib(firstDay) });
      await buildRedeem(db, {
        program: ids.p2,
        member: m3!,
        reseller: r1.id,
        at: new Date(wib(firstDay).getTime() - 1000),
      });
      await buildRedeem(db, { program: ids.p2, member: m4!, at: new Date(Date.now() - 60 * day) });

      // Latest change first: P3, P1, P4, P2.
      const now = Date.now();
      for (const [id, ago] of [
        [ids.p3, 1],
        [ids.p1, 2],
        [ids.p4, 3],
        [ids.p2, 4],
      ] as const) {
        await db
          .update(programs)
          .set({ updated_at: new Date(now - ago * hour) })
          .where(eq(programs.id, id));
      }
    });

    const perDay = (data: DashboardSummary) =>
      Object.fromEntries(
        data.redeems.per_day.filter((d) => d.total > 0).map((d) => [d.date, d.total]),
      );

    it('counts everything for staff', async () => {
      const data = await summary(admin);
      expect(data.scope).toBe('all');
      expect(data.programs).toEqual({ total: 4, draft: 1, publish: 2, archive: 1 });
      expect(data.topics).toBe(6);
      expect(data.activities).toEqual({
        total: 7,
        by_type: [
          { type: 'menonton_video', total: 4 },
          { type: 'quiz', total: 2 },
          { type: 'exam', total: 1 },
        ],
      });
      // Four members; Ahmad redeemed two programs and counts once.
      expect(data.participants).toBe(4);
      expect(data.redeems.total).toBe(5);
      expect(data.redeems.last_30_days).toBe(3);
      expect(data.redeems.per_day).toHaveLength(30);
      expect(perDay(data)).toEqual({
        [addDays(today, -29)]: 1,
        [addDays(today, -1)]: 1,
        [today]: 1,
      });
      expect(data.top_resellers).toEqual([
        { id: r1.id, fullname: 'Hendro Wijaya', referral_code: r1.referral_code, total: 3 },
        { id: r2.id, fullname: 'Sri Rahayu', referral_code: r2.referral_code, total: 1 },
      ]);
      expect(data.latest_programs.map((p) => p.id)).toEqual([ids.p3, ids.p1, ids.p4, ids.p2]);
      expect(data.latest_programs[1]).toMatchObject({ status: 'publish', total_participants: 2 });
      expect(data.latest_programs[3]).toMatchObject({ total_participants: 3 });
      expect(new Date(data.latest_programs[0]!.updated_at).getTime()).toBeLessThan(Date.now());

      // Admin and superadmin see the same.
      expect(await summary(superadmin)).toEqual(data);
    });

    it("counts only a trainer's assigned programs, without resellers", async () => {
      const data = await summary(trainer.headers);
      expect(data).toMatchObject({
        scope: 'assigned',
        programs: { total: 1, draft: 0, publish: 1, archive: 0 },
        topics: 2,
        activities: {
          total: 4,
          by_type: [
            { type: 'menonton_video', total: 2 },
            { type: 'exam', total: 1 },
            { type: 'quiz', total: 1 },
          ],
        },
        participants: 2,
        redeems: { total: 2, last_30_days: 2 },
        top_resellers: null,
      });
      expect(perDay(data)).toEqual({ [addDays(today, -1)]: 1, [today]: 1 });
      expect(data.latest_programs.map((p) => p.id)).toEqual([ids.p1]);

      const none = await summary(otherTrainer);
      expect(none).toMatchObject({
        scope: 'assigned',
        programs: { total: 0, draft: 0, publish: 0, archive: 0 },
        topics: 0,
        activities: { total: 0, by_type: [] },
        participants: 0,
        redeems: { total: 0, last_30_days: 0 },
        top_resellers: null,
        latest_programs: [],
      });
      expect(none.redeems.per_day.every((d) => d.total === 0)).toBe(true);
    });

    it('takes six statements (five and the learning figures), however much data there is', async () => {
      const staff = () => getSummary(t.db, { id: adminUser.id, role: 'admin' });
      const assigned = () => getSummary(t.db, { id: trainer.user.id, role: 'trainer' });
      expect(await countQueries(t.db, staff)).toBe(6);
      const topic = (await buildTopics(t.db, ids.p2, 1))[0]!;
      await buildActivities(t.db, topic, 20);
      for (let i = 0; i < 10; i += 1) {
        const member = await buildMember(t.db, `Peserta ${i}`);
        await buildRedeem(t.db, { program: ids.p2, member, at: new Date(Date.now() - i * day) });
      }
      expect(await countQueries(t.db, staff)).toBe(6);
      // The trainer's call has no reseller statement.
      expect(await countQueries(t.db, assigned)).toBe(5);
    });

    it('lists the five resellers with the most redeems, ties by name', async () => {
      const extra = [];
      for (const [name, redeems] of [
        ['Yusuf Mitra', 2],
        ['Agus Mitra', 2],
        ['Citra Mitra', 1],
        ['Bayu Mitra', 1],
        ['Zainal Mitra', 1],
      ] as const) {
        const reseller = await buildReseller(t.db, name);
        extra.push(reseller);
        for (let i = 0; i < redeems; i += 1) {
          const member = await buildMember(t.db, `${name} ${i}`);
          await buildRedeem(t.db, {
            program: ids.p4,
            member,
            reseller: reseller.id,
            at: new Date(Date.now() - 90 * day),
          });
        }
      }
      const data = await summary(admin);
      expect(data.top_resellers!.map((r) => [r.fullname, r.total])).toEqual([
        ['Hendro Wijaya', 3],
        ['Agus Mitra', 2],
        ['Yusuf Mitra', 2],
        ['Bayu Mitra', 1],
        ['Citra Mitra', 1],
      ]);
    });

    it('lists at most five programs, the latest change first', async () => {
      const p5 = await buildProgram(t.db, { status: 'draft' });
      const p6 = await buildProgram(t.db, { status: 'publish' });
      await t.db
        .update(programs)
        .set({ updated_at: new Date(Date.now() - 30 * 60 * 1000) })
        .where(eq(programs.id, p5.id));
      const data = await summary(admin);
      expect(data.latest_programs.map((p) => p.id)).toEqual([p6.id, p5.id, ids.p3, ids.p1, ids.p4]);
      expect(data.programs).toEqual({ total: 6, draft: 2, publish: 3, archive: 1 });
    });

    it('counts completions, attendance, waiting work, unread messages and reseller redeems in scope', async () => {
      const db = t.db;
      // Figures only: the other parts are checked above.
      const figures = async (headers: Headers) => {
        const d = await summary(headers);
        return {
          participants: d.participants,
          completions: d.completions,
          attendance_today: d.attendance_today,
          waiting_feedback: d.waiting_feedback,
          unread_discussions: d.unread_discussions,
          reseller_redeems: d.reseller_redeems,
        };
      };
      const adminBefore = await figures(admin);
      const trainerBefore = await figures(trainer.headers);
      expect(trainerBefore.reseller_redeems).toBeNull();

      // Two activities of each of P1 (the trainer's) and P2.
      const activitiesOf = async (programId: string) =>
        db
          .select({ id: activities.id, topic_id: activities.topic_id })
          .from(activities)
          .where(eq(activities.program_id, programId))
          .orderBy(activities.id)
          .limit(2);
      const [a1, a1b] = await activitiesOf(ids.p1);
      const [a2, a2b] = await activitiesOf(ids.p2);

      // Participants through the member API: X in P1 through a reseller, Y and Z in P2.
      const x = await joinProgram(t.app, ids.p1, { resellerId: r2.id });
      const y = await joinProgram(t.app, ids.p2);
      const z = await joinProgram(t.app, ids.p2);
      const redeems = [
        { redeem: x.redeem.id, member: x.member.id, program: ids.p1, act: a1!, other: a1b! },
        { redeem: y.redeem.id, member: y.member.id, program: ids.p2, act: a2!, other: a2b! },
      ];

      // Finished: X by progress 100, Y by an ended final test; Z at 99 is not.
      await db
        .update(memberRedeems)
        .set({ progress: 100 })
        .where(eq(memberRedeems.id, x.redeem.id));
      await db
        .update(memberRedeems)
        .set({ end_test_at: new Date() })
        .where(eq(memberRedeems.id, y.redeem.id));
      await db.update(memberRedeems).set({ progress: 99 }).where(eq(memberRedeems.id, z.redeem.id));

      for (const r of redeems) {
        const place = { program_id: r.program, topic_id: r.act.topic_id, activity_id: r.act.id };
        const base = { ...place, member_redeem_id: r.redeem };
        // Today starts at 00:00 WIB; a second earlier is yesterday.
        await db.insert(attendances).values([
          {
            ...base,
            member_id: r.member,
            schedule_key: `${today} 00:00-01:00`,
            created_at: wib(today),
          },
          {
            ...base,
            member_id: r.member,
            schedule_key: `${addDays(today, -1)} 23:00-24:00`,
            created_at: new Date(wib(today).getTime() - 1000),
          },
        ]);
        // Waiting: uploaded work without feedback; the other activity's work has feedback.
        await db.insert(activityProgress).values([
          { ...base, work_file_key: `work/${r.redeem}/a`, work_uploaded_at: new Date() },
          {
            ...base,
            activity_id: r.other.id,
            topic_id: r.other.topic_id,
            work_file_key: `work/${r.redeem}/b`,
            feedback_score: 80,
            feedback_at: new Date(),
          },
        ]);
        // One member message and one staff reply in each program's public discussion.
        await db.insert(discussions).values([
          {
            ...place,
            author_kind: 'member',
            member_id: r.member,
            author_name: 'Peserta',
            content: 'Halo',
          },
          {
            ...place,
            author_kind: 'staff',
            user_id: adminUser.id,
            author_name: 'Admin',
            content: 'Halo juga',
          },
        ]);
      }
      // A member without work is not waiting.
      await db.insert(activityProgress).values({
        member_redeem_id: z.redeem.id,
        program_id: ids.p2,
        topic_id: a2!.topic_id,
        activity_id: a2!.id,
        is_complete: true,
      });

      const adminAfter = await figures(admin);
      expect(adminAfter).toEqual({
        participants: adminBefore.participants + 3,
        completions: adminBefore.completions + 2,
        attendance_today: adminBefore.attendance_today + 2,
        waiting_feedback: adminBefore.waiting_feedback + 2,
        unread_discussions: adminBefore.unread_discussions + 2,
        reseller_redeems: adminBefore.reseller_redeems! + 1,
      });
      expect(await figures(trainer.headers)).toEqual({
        participants: trainerBefore.participants + 1,
        completions: trainerBefore.completions + 1,
        attendance_today: trainerBefore.attendance_today + 1,
        waiting_feedback: trainerBefore.waiting_feedback + 1,
        unread_discussions: trainerBefore.unread_discussions + 1,
        reseller_redeems: null,
      });
      // Nothing of P1 reaches a trainer assigned elsewhere.
      expect(await figures(otherTrainer)).toEqual({
        participants: 0,
        completions: 0,
        attendance_today: 0,
        waiting_feedback: 0,
        unread_discussions: 0,
        reseller_redeems: null,
      });

      // Unread is the viewer's own: the trainer opening P1's thread leaves the admin's count.
      await db
        .insert(discussionReads)
        .values({ user_id: trainer.user.id, activity_id: a1!.id, last_read_at: new Date() });
      expect((await figures(trainer.headers)).unread_discussions).toBe(
        trainerBefore.unread_discussions,
      );
      expect((await figures(admin)).unread_discussions).toBe(adminAfter.unread_discussions);
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, { get?: { tags?: string[] } }> };
    expect(doc.paths['/api/dashboard/v1/summary']?.get?.tags).toEqual(['dashboard']);
  });
});
