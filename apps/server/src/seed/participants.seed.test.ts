import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchedule } from '@ajar/shared/activities/activities.rules';
import { findOccurrence } from '@ajar/shared/attendance/attendance.rules';
import type { MyProgram } from '@ajar/shared/members/members.schemas';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { isQuizActivityType } from '@ajar/shared/activities/activities.constants';
import { readFlag } from '@ajar/shared/activities/activities.rules';
import { createStorage } from '../lib/storage';
import { readSettings } from '../modules/members/activity-progress.service';
import { progressOfRedeems } from '../modules/members/activity-states.repository';
import { programOutline } from '../modules/members/program-outline';
import { scoreAttempt } from '../modules/members/quiz-attempts.service';
import { packetSections, sectionsOfAttempt } from '../modules/members/quiz-packets.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { authHeader } from '../test/factories/users';
import {
  activities,
  activityProgress,
  certificates,
  memberRedeems,
  members,
  programs,
  quizAttempts,
  resellers,
  users,
  vouchers,
} from '../db/schema';
import { seedActivities } from './activities.seed';
import {
  demoMemberCount,
  demoMemberEmail,
  demoMemberPassword,
  seedParticipants,
} from './participants.seed';
import { seedPrograms } from './programs.seed';
import { seedQuiz } from './quiz.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

describe('participants seed (made through the member and staff services)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const storage = createStorage(t.config);
    await storage.prepare();
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedActivities(t.db);
    await seedQuiz(t.db);
    await seedParticipants(t.db, storage);
  }, 120_000);
  afterAll(() => t.close());

  const redeemRows = () =>
    t.db
      .select({
        id: memberRedeems.id,
        member_id: memberRedeems.member_id,
        license: memberRedeems.license,
        pmo_code: memberRedeems.pmo_code,
        progress: memberRedeems.progress,
        scores: memberRedeems.scores,
        created: memberRedeems.created_at,
        start: memberRedeems.start_test_at,
        end: memberRedeems.end_test_at,
        status: programs.status,
        reseller_id: memberRedeems.reseller_id,
      })
      .from(memberRedeems)
      .innerJoin(programs, eq(programs.id, memberRedeems.program_id));

  it('lets a demo participant sign in to the member API and see their programs', async () => {
    expect(await t.db.$count(members)).toBe(demoMemberCount);
    expect(await t.db.$count(resellers)).toBe(3);
    const phones = await t.db.select({ phone: members.phone }).from(members);
    expect(phones.every((m) => /^628\d{8,11}$/.test(m.phone ?? ''))).toBe(true);
    for (const n of [1, demoMemberCount]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email: demoMemberEmail(n), password: demoMemberPassword },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token as string;
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/member/v1/program/list?page=1&limit=10',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.total).toBeGreaterThanOrEqual(1);
    }
  });

  it('redeems issued vouchers of published programs, once per member and program', async () => {
    const redeems = await redeemRows();
    expect(redeems.length).toBeGreaterThanOrEqual(demoMemberCount);
    expect(redeems.every((r) => r.status === 'publish')).toBe(true);
    expect(redeems.every((r) => /^AJR-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(r.license))).toBe(true);
    expect(redeems.every((r) => r.pmo_code)).toBe(true);
    // Redeem codes are unique per program; the demo's are unique over all of them.
    expect(new Set(redeems.map((r) => r.pmo_code!.toLowerCase())).size).toBe(redeems.length);
    // Every license is a voucher the staff issued, claimed by exactly this redemption.
    const claimed = await t.db
      .select({ code: vouchers.code, redeem: vouchers.member_redeem_id })
      .from(vouchers)
      .where(isNotNull(vouchers.redeemed_at));
    expect(claimed).toHaveLength(redeems.length);
    const byCode = new Map(claimed.map((v) => [v.code, v.redeem]));
    expect(redeems.every((r) => byCode.get(r.license) === r.id)).toBe(true);
    expect(await t.db.$count(vouchers)).toBeGreaterThan(claimed.length);
    // No voucher is used before it was created.
    const early = await t.db
      .select({ code: vouchers.code })
      .from(vouchers)
      .where(sql`${vouchers.redeemed_at} < ${vouchers.created_at}`);
    expect(early).toEqual([]);
    // Resellers come from a reseller's batch or a referral code.
    expect(redeems.filter((r) => r.reseller_id).length).toBeGreaterThan(10);
    const pairs = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberRedeems)
      .groupBy(memberRedeems.member_id, memberRedeems.program_id);
    expect(pairs.every((p) => Number(p.n) === 1)).toBe(true);
  });

  it('has varied progress, with dates in order and an end date exactly at 100', async () => {
    const redeems = await redeemRows();
    const now = Date.now();
    const done = redeems.filter((r) => r.progress === 100);
    const partial = redeems.filter((r) => r.progress > 0 && r.progress < 100);
    expect(done.length).toBeGreaterThanOrEqual(5);
    expect(partial.length).toBeGreaterThanOrEqual(20);
    expect(redeems.filter((r) => r.progress === 0).length).toBeGreaterThan(100);
    expect(new Set(partial.map((r) => r.progress)).size).toBeGreaterThan(5);
    expect(
      done.every((r) => r.start && r.end && r.end > r.start && r.end.getTime() < now - 3600_000),
    ).toBe(true);
    expect(redeems.filter((r) => r.progress < 100).every((r) => r.end === null)).toBe(true);
    expect(redeems.every((r) => !r.start || r.start >= r.created)).toBe(true);
    // Spread over the past weeks, not all stamped at seed time.
    const days = new Set(redeems.map((r) => r.created.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(20);
    expect(redeems.every((r) => r.created.getTime() < now)).toBe(true);
  });

  it('scores quizzes on the server from real answers, some right and some wrong', async () => {
    const attempts = await t.db
      .select({ score: quizAttempts.score, passed: quizAttempts.passed })
      .from(quizAttempts);
    expect(attempts.length).toBeGreaterThan(50);
    expect(new Set(attempts.map((a) => a.score)).size).toBeGreaterThan(2);
    expect(attempts.some((a) => a.passed === false)).toBe(true);
    const done = (await redeemRows()).filter((r) => r.progress === 100);
    for (const r of done) {
      const scores = r.scores as {
        pre_test: { score: number | null };
        post_test: { final_score: number | null };
      };
      expect(scores.pre_test.score).not.toBeNull();
      expect(scores.post_test.final_score).not.toBeNull();
    }
  });

  it('writes the walk as the member services would: progress, attempts, scores, locks', async () => {
    const redeems = await redeemRows();
    const progress = await progressOfRedeems(
      t.db,
      redeems.map((r) => r.id),
    );
    const perRedeem = await Promise.all(
      progress.map(async (p) =>
        (await programOutline(t.db, p.program_id, p.outline_version)).map((a) => ({
          ...a,
          redeem_id: p.redeem_id,
          is_complete: p.complete.includes(a.id),
        })),
      ),
    );
    const states = perRedeem.flat();
    const progressRows = await t.db.select().from(activityProgress);
    const attempts = await t.db.select().from(quizAttempts);
    const attemptsOf = (redeemId: string, activityId: string) =>
      attempts.filter((a) => a.member_redeem_id === redeemId && a.activity_id === activityId);
    for (const r of redeems) {
      const list = states.filter((s) => s.redeem_id === r.id);
      // Progress is completed over published activities, rounded down.
      const done = list.filter((s) => s.is_complete).length;
      expect(r.progress).toBe(Math.floor((100 * done) / list.length));
      // Nothing is complete behind a quiz that is not (unless the quiz may be skipped).
      const blocker = list.findIndex(
        (s) => !s.is_complete && isQuizActivityType(s.type) && !readFlag(s.settings.is_skip),
      );
      if (blocker >= 0) expect(list.slice(blocker).some((s) => s.is_complete)).toBe(false);
      for (const s of list.filter((x) => isQuizActivityType(x.type))) {
        const tries = attemptsOf(r.id, s.id);
        const row = progressRows.find((p) => p.member_redeem_id === r.id && p.activity_id === s.id);
        expect(row?.attempts ?? 0).toBe(tries.length);
        if (tries.length === 0) continue;
        expect(row!.score).toBe(Math.max(...tries.map((a) => a.score ?? 0)));
        expect(s.is_complete).toBe(s.type === 'pre_test' || tries.some((a) => a.passed));
        expect(tries.map((a) => a.attempt_no)).toEqual(tries.map((_, i) => i + 1));
      }
    }
    // Every attempt's score is what the server's scoring gives its answers on its packet.
    for (const a of attempts.slice(0, 40)) {
      const [activity] = await t.db
        .select()
        .from(activities)
        .where(eq(activities.id, a.activity_id));
      const served = sectionsOfAttempt(await packetSections(t.db, a.packet_id!), a.question_ids);
      const { result, details } = scoreAttempt(
        served,
        readSettings(activity!.settings),
        a.answers as Record<string, number>,
      );
      expect({ score: a.score, passed: a.passed, details: a.details }).toEqual({
        score: result.score,
        passed: result.passed,
        details,
      });
    }
  });

  it('leaves a participant who started able to go on through the member API', async () => {
    const [row] = await t.db
      .select({ email: members.email, program_id: memberRedeems.program_id })
      .from(memberRedeems)
      .innerJoin(members, eq(members.id, memberRedeems.member_id))
      .where(and(sql`${memberRedeems.progress} > 0`, sql`${memberRedeems.progress} < 100`))
      .orderBy(memberRedeems.progress)
      .limit(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/login',
      payload: { email: row!.email, password: demoMemberPassword },
    });
    const headers = { authorization: `Bearer ${login.json().data.token as string}` };
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/detail/${row!.program_id}`,
      headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const next = detail.json().data.next_activity as { id: string } | null;
    expect(next).not.toBeNull();
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${row!.program_id}/activity/${next!.id}`,
      headers,
    });
    expect(activity.statusCode, activity.body).toBe(200);
  });

  it('stores practice work, some graded and some waiting, readable by staff', async () => {
    const work = await t.db
      .select({
        redeem: activityProgress.member_redeem_id,
        activity: activityProgress.activity_id,
        type: activityProgress.work_file_type,
        uploaded: activityProgress.work_uploaded_at,
        feedback_at: activityProgress.feedback_at,
        score: activityProgress.feedback_score,
      })
      .from(activityProgress)
      .where(isNotNull(activityProgress.work_file_key));
    const graded = work.filter((w) => w.feedback_at);
    expect(graded.length).toBeGreaterThan(0);
    expect(work.length - graded.length).toBeGreaterThan(0);
    expect(
      graded.every((w) => w.score! >= 0 && w.score! <= 100 && w.feedback_at! > w.uploaded!),
    ).toBe(true);
    expect(new Set(work.map((w) => w.type))).toEqual(new Set(['application/pdf', 'image/png']));

    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@ajar.test'));
    const headers = await authHeader(t.db, admin!);
    for (const w of [
      work.find((x) => x.type === 'application/pdf')!,
      work.find((x) => x.type === 'image/png')!,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/program/v1/trainer/member-redeem/${w.redeem}/work/${w.activity}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const head = res.rawPayload.subarray(0, 4).toString('latin1');
      expect(head).toBe(w.type === 'application/pdf' ? '%PDF' : '\x89PNG');
    }
  });

  it("counts the participants on the demo trainer's programs", async () => {
    const [trainer] = await t.db.select().from(users).where(eq(users.email, 'trainer@ajar.test'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/list?limit=-1',
      headers: await authHeader(t.db, trainer!),
    });
    const list = res.json().data.list as Program[];
    expect(list.reduce((n, p) => n + p.total_participants, 0)).toBeGreaterThan(0);
  });

  it('gives peserta1 a state that shows every learner screen with life', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/login',
      payload: { email: demoMemberEmail(1), password: demoMemberPassword },
    });
    const headers = { authorization: `Bearer ${login.json().data.token as string}` };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/program/list?page=1&limit=10',
      headers,
    });
    const mine = res.json().data.list as MyProgram[];
    // Several programs at different progress.
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((p) => p.progress)).size).toBe(4);
    const next = await t.db
      .select({ id: activities.id, type: activities.type, content: activities.content })
      .from(activities)
      .where(
        inArray(
          activities.id,
          mine.flatMap((p) => (p.next_activity ? [p.next_activity.id] : [])),
        ),
      );
    const nextOf = (type: string) => {
      const activity = next.find((a) => a.type === type);
      return { activity, program: mine.find((p) => p.next_activity?.id === activity?.id) };
    };

    // One finished, its certificate issued by the seed (before any request for it).
    const done = mine.filter((p) => p.progress === 100);
    expect(done).toHaveLength(1);
    const issued = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.member_redeem_id, done[0]!.id));
    expect(issued.map((c) => c.kind)).toEqual(['graduation']);

    // Work uploaded and waiting for feedback.
    const waiting = await t.db
      .select({ id: activityProgress.id })
      .from(activityProgress)
      .where(
        and(
          inArray(
            activityProgress.member_redeem_id,
            mine.map((p) => p.id),
          ),
          isNotNull(activityProgress.work_file_key),
          isNull(activityProgress.feedback_at),
        ),
      );
    expect(waiting.length).toBeGreaterThan(0);

    // The video (the one the full seed gives pop-ups) is next, not yet watched.
    expect(nextOf('menonton_video').program?.progress).toBeLessThan(100);

    // A meeting is next whose check-in is open at every hour of every day (WIB), and now.
    const meeting = nextOf('berdiskusi_daring');
    const content = meeting.activity?.content as { meeting?: unknown } | undefined;
    const { schedule } = readSchedule(content?.meeting);
    expect(schedule).not.toBeNull();
    const midnightWib = Date.parse('2026-01-05T00:00:00+07:00');
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 30) {
      expect(findOccurrence(schedule!, new Date(midnightWib + minutes * 60_000))).not.toBeNull();
    }
    expect(findOccurrence(schedule!, new Date(midnightWib - 60_000))).not.toBeNull();
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${meeting.program!.program.id}/activity/${meeting.activity!.id}/attendance`,
      headers,
      payload: {},
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
  });
});
