import { eq } from 'drizzle-orm';
import { activityContentSchema } from '@ajar/shared/activities/activities-content.schemas';
import { dayValues, scheduleModes } from '@ajar/shared/activities/activities.constants';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { memberCertificate } from '../modules/certificates/certificates.service';
import { publishedActivities } from '../modules/members/learning.repository';
import type { Db } from '../db/client';
import { activities, gameplays } from '../db/schema';
import type { LearnerPlan } from './learning.seed';

/** What one program of the demo participant 1 shows; the walk reads it off the plan. */
export type FirstMemberState = Pick<LearnerPlan, 'reach' | 'until' | 'ungraded'>;

const meetingType = 'berdiskusi_daring';

/**
 * `peserta1@ajar.test`'s programs , one state each so every learner
 * screen has life: the video with pop-ups next (only the pre-test done), a finished program (its
 * certificate is issued after the walk), work uploaded and waiting for feedback, and an online
 * meeting next whose check-in is open now (see `finishFirstMember`). Quizzes are answered right,
 * so no failed quiz holds the next activity closed.
 */
const states: FirstMemberState[] = [
  { reach: 'started', until: { type: 'menonton_video', include: false } },
  { reach: 'done' },
  { reach: 'deep', until: { type: 'praktek_mandiri', include: true }, ungraded: true },
  { reach: 'deep', until: { type: meetingType, include: false } },
];

/**
 * Participant 1's picks among the published programs (indexes into `programs`) with the state of
 * each: the program whose video has the seeded pop-ups comes first, the others in order.
 */
export async function firstMemberPicks(
  db: Db,
  programs: { id: string }[],
): Promise<Map<number, FirstMemberState>> {
  const [popup] = await db
    .select({ programId: activities.program_id })
    .from(gameplays)
    .innerJoin(activities, eq(activities.id, gameplays.activity_id))
    .limit(1);
  const first = Math.max(
    0,
    programs.findIndex((p) => p.id === popup?.programId),
  );
  const order = [first, ...[...programs.keys()].filter((i) => i !== first)];
  return new Map(order.slice(0, states.length).map((index, n) => [index, states[n]!]));
}

/** Every day of the week, the whole day (WIB): a check-in window open whatever the hour. */
const allDay = {
  is_day: scheduleModes.byDay,
  days: dayValues.map((day) => ({ day, times: [{ start_time: '00:00', end_time: '23:59' }] })),
  dates: [],
};

/**
 * After the walk: participant 1's finished program gets its certificate issued (through the
 * member API's own service), and the meeting where their walk stopped is scheduled every day for
 * the whole day, so 'Presensi' is open at any hour the demo is tried (the 15 minutes' early
 * window of the next day covers the last minute). The change is the activity's, as staff would
 * make it in the back office: every participant of that program sees the same schedule.
 */
export async function finishFirstMember(db: Db, plans: LearnerPlan[]) {
  for (const plan of plans) {
    if (plan.reach === 'done') {
      // Issues the number once; the verification address is made on every read, never stored.
      await memberCertificate(db, plan.redeemId, '', memberMessages.certificateNotReady);
    }
    if (plan.until?.type !== meetingType) continue;
    const meeting = (await publishedActivities(db, plan.programId)).find(
      (a) => a.type === meetingType,
    );
    if (!meeting) continue;
    const [row] = await db
      .select({ content: activities.content })
      .from(activities)
      .where(eq(activities.id, meeting.id));
    const content = activityContentSchema.parse(row?.content ?? {});
    await db
      .update(activities)
      .set({
        content: activityContentSchema.parse({
          ...content,
          meeting: { ...content.meeting, ...allDay },
        }),
      })
      .where(eq(activities.id, meeting.id));
  }
}
