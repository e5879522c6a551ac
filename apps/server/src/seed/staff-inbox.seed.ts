import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  trainerNotificationLinks,
  trainerNotificationMessages as M,
} from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import type { Db } from '../db/client';
import {
  activities,
  attendances,
  chatMessages,
  chatRooms,
  discussions,
  memberRedeems,
  members,
  programFacilitators,
  programs,
  topics,
  users,
} from '../db/schema';
import { trainerNotifications } from '../db/schema/trainer-notifications';
import { demoMemberEmail } from './participants.seed';

/**
 * What staff find waiting on the first start: check-ins on `/presensi`, unread private
 * chats and public threads in the trainers' programs (unread for the admin too, who sees every
 * program), and the trainers' bell notifications of those posts. Everything is written in a few
 * bulk inserts from the participants the participants seed made; participant 1 is left out (the
 * learner app's walk-through starts from their untouched state).
 */
export async function seedStaffInbox(db: Db) {
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000);
  const [first] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, demoMemberEmail(1)));
  const firstId = first?.id ?? '00000000-0000-0000-0000-000000000000';

  // Published programs with their trainers (facilitators linked to an active trainer account).
  const staffed = await db
    .selectDistinct({ programId: programs.id, trainerId: users.id })
    .from(programFacilitators)
    .innerJoin(programs, eq(programs.id, programFacilitators.program_id))
    .innerJoin(users, eq(users.id, programFacilitators.user_id))
    .where(
      and(eq(programs.status, 'publish'), eq(users.role, 'trainer'), eq(users.is_active, true)),
    );
  const programIds = [...new Set(staffed.map((s) => s.programId))];
  if (programIds.length === 0) return { attendances: 0, rooms: 0, posts: 0, notifications: 0 };

  // Participants who started, most advanced first, three per program.
  const learners = await db
    .select({
      redeemId: memberRedeems.id,
      memberId: memberRedeems.member_id,
      programId: memberRedeems.program_id,
      fullname: members.fullname,
      license: memberRedeems.license,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .where(
      and(
        inArray(memberRedeems.program_id, programIds),
        sql`${memberRedeems.progress} > 0`,
        ne(memberRedeems.member_id, firstId),
      ),
    )
    .orderBy(sql`${memberRedeems.progress} desc`, memberRedeems.license);
  const byProgram = new Map<string, typeof learners>();
  for (const l of learners) {
    const list = byProgram.get(l.programId) ?? [];
    if (list.length < 3) byProgram.set(l.programId, [...list, l]);
  }

  const attendanceCount = await seedAttendance(db, firstId);
  const rooms = await seedChats(db, staffed, byProgram, minutesAgo);
  const { posts, notifications } = await seedThreads(db, staffed, byProgram, minutesAgo);
  return { attendances: attendanceCount, rooms, posts, notifications };
}

/**
 * Check-ins to every meeting of the published programs: up to eight participants who started,
 * one to three evenings ago at 19:00–19:10 WIB, keyed by that occurrence.
 */
async function seedAttendance(db: Db, firstId: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${attendances}
      (member_redeem_id, member_id, program_id, topic_id, activity_id, schedule_key, created_at,
       updated_at)
    select r.id, r.member_id, a.program_id, a.topic_id, a.id,
      to_char(d.day, 'YYYY-MM-DD') || ' 19:00-21:00',
      (d.day + time '19:00' + ((r.rank * 3) % 11)::int * interval '1 minute') at time zone 'Asia/Jakarta',
      now()
    from ${activities} a
    join ${programs} p on p.id = a.program_id and p.status = 'publish'
    join lateral (
      select mr.id, mr.member_id, row_number() over (order by mr.progress desc, mr.license) as rank
      from ${memberRedeems} mr
      where mr.program_id = a.program_id and mr.progress > 0 and mr.member_id <> ${firstId}::uuid
      order by mr.progress desc, mr.license
      limit 8
    ) r on true
    cross join lateral (
      select (now() at time zone 'Asia/Jakarta')::date - (1 + r.rank % 3)::int as day
    ) d
    where a.type in ('berdiskusi_daring', 'berdiskusi_luring')
    on conflict do nothing
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

type Learner = { redeemId: string; memberId: string; fullname: string; license: string };
type Staffed = { programId: string; trainerId: string }[];

const chatScript = [
  {
    from: 'member',
    text: 'Selamat siang, Pak/Bu. Apakah tugas praktik boleh dikumpulkan dalam bentuk video?',
  },
  { from: 'staff', text: 'Boleh, asalkan durasinya tidak lebih dari lima menit.' },
  { from: 'member', text: 'Baik, terima kasih. Satu lagi: apakah ada batas waktunya?' },
] as const;

/** One private room per trainer and participant (three per program), the last word the participant's. */
async function seedChats(
  db: Db,
  staffed: Staffed,
  byProgram: Map<string, Learner[]>,
  minutesAgo: (m: number) => Date,
): Promise<number> {
  const plan = staffed.flatMap(({ programId, trainerId }) =>
    (byProgram.get(programId) ?? []).map((l, i) => ({ programId, trainerId, learner: l, i })),
  );
  if (plan.length === 0) return 0;
  const rooms = await db
    .insert(chatRooms)
    .values(
      plan.map((p, n) => ({
        program_id: p.programId,
        trainer_id: p.trainerId,
        member_id: p.learner.memberId,
        last_message_at: minutesAgo(15 + n * 7),
        created_at: minutesAgo(15 + n * 7 + 240),
      })),
    )
    .onConflictDoNothing()
    .returning({
      id: chatRooms.id,
      member_id: chatRooms.member_id,
      trainer_id: chatRooms.trainer_id,
      program_id: chatRooms.program_id,
    });
  const messages = rooms.flatMap((room) => {
    const n = plan.findIndex(
      (p) =>
        p.programId === room.program_id &&
        p.trainerId === room.trainer_id &&
        p.learner.memberId === room.member_id,
    );
    const learner = plan[n]!.learner;
    return chatScript.map((line, k) => ({
      room_id: room.id,
      sender: line.from,
      member_id: line.from === 'member' ? room.member_id : null,
      user_id: line.from === 'staff' ? room.trainer_id : null,
      message: `<p>${line.text}</p>`,
      license: line.from === 'member' ? learner.license : null,
      created_at: minutesAgo(15 + n * 7 + (chatScript.length - 1 - k) * 60),
    }));
  });
  await db.insert(chatMessages).values(messages);
  return rooms.length;
}

const threadScript = [
  'Apakah ada contoh penerapan materi ini untuk usaha kecil di daerah?',
  'Saya sudah mencoba langkah-langkahnya, tetapi hasilnya belum sesuai. Mohon sarannya.',
] as const;

/**
 * Two participants' posts in the first Public thread of each staffed program, the trainer's
 * answer under the first and a thank-you under that; every participant post rings the bell of
 * the program's trainers (the older ones already read).
 */
async function seedThreads(
  db: Db,
  staffed: Staffed,
  byProgram: Map<string, Learner[]>,
  minutesAgo: (m: number) => Date,
): Promise<{ posts: number; notifications: number }> {
  const programIds = [...new Set(staffed.map((s) => s.programId))];
  const open = await db
    .selectDistinctOn([activities.program_id], {
      id: activities.id,
      name: activities.name,
      programId: activities.program_id,
      topicId: activities.topic_id,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(
      and(
        inArray(activities.program_id, programIds),
        sql`coalesce((${activities.settings}->>'is_show_discussion')::int, 0) = 2`,
      ),
    )
    // The first in reading order: the thread a participant meets first.
    .orderBy(activities.program_id, topics.seq, activities.seq);
  const trainerNames = new Map(
    (
      await db
        .select({ id: users.id, fullname: users.fullname })
        .from(users)
        .where(inArray(users.id, [...new Set(staffed.map((s) => s.trainerId))]))
    ).map((u) => [u.id, u.fullname]),
  );
  let posts = 0;
  const bell: (typeof trainerNotifications.$inferInsert)[] = [];
  for (const [p, activity] of open.entries()) {
    const learners = (byProgram.get(activity.programId) ?? []).slice(0, 2);
    const trainers = staffed.filter((s) => s.programId === activity.programId);
    if (learners.length === 0 || trainers.length === 0) continue;
    const base = {
      program_id: activity.programId,
      topic_id: activity.topicId,
      activity_id: activity.id,
    };
    const at = (k: number) => minutesAgo(30 + p * 11 + (3 - k) * 50);
    const roots = await db
      .insert(discussions)
      .values(
        learners.map((l, k) => ({
          ...base,
          author_kind: 'member' as const,
          member_id: l.memberId,
          author_name: l.fullname,
          content: threadScript[k]!,
          created_at: at(k),
          updated_at: at(k),
        })),
      )
      .returning({ id: discussions.id });
    const trainer = trainers[0]!.trainerId;
    const [answer] = await db
      .insert(discussions)
      .values({
        ...base,
        parent_id: roots[0]!.id,
        author_kind: 'staff',
        user_id: trainer,
        author_name: trainerNames.get(trainer) ?? 'Trainer',
        content: 'Ada. Lihat contoh pada e-book di topik ini, halaman terakhir.',
        created_at: at(2),
        updated_at: at(2),
      })
      .returning({ id: discussions.id });
    await db.insert(discussions).values({
      ...base,
      parent_id: answer!.id,
      author_kind: 'member',
      member_id: learners[0]!.memberId,
      author_name: learners[0]!.fullname,
      content: 'Terima kasih, sudah saya temukan.',
      created_at: at(3),
      updated_at: at(3),
    });
    posts += learners.length + 2;
    const link = trainerNotificationLinks.discussion(
      activity.programId,
      activity.topicId,
      activity.id,
      activity.name,
    );
    for (const { trainerId } of trainers) {
      for (const [k, l] of [...learners, learners[0]!].entries()) {
        bell.push({
          user_id: trainerId,
          kind: 'discussion',
          title: M.discussionTitle,
          description: M.discussionDescription(l.fullname, activity.name),
          ...base,
          link,
          read_at: k === 0 ? at(k + 1) : null,
          created_at: at(k === 2 ? 3 : k),
          updated_at: at(k === 2 ? 3 : k),
        });
      }
    }
  }
  if (bell.length) await db.insert(trainerNotifications).values(bell);
  return { posts, notifications: bell.length };
}
