import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seedActivities } from './activities.seed';
import { seedContentFiles } from './content-files.seed';
import { seedConsents } from './consents.seed';
import { seedCovers } from './covers.seed';
import { seedParticipants } from './participants.seed';
import { seedPopupQuiz } from './popup-quiz.seed';
import { seedPrograms } from './programs.seed';
import { seedQuiz } from './quiz.seed';
import { seedLearningRecord } from './records.seed';
import { seedStaffInbox } from './staff-inbox.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

/** Fills an empty database with demo data, one seed module per domain; never in production. */
export async function seedIfEmpty(db: Db, log: (msg: string) => void): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  const count = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (count > 0) return false;
  await seedUsers(db);
  await seedStudies(db);
  await seedPrograms(db);
  await seedCovers(db); // small shipped JPEGs, uploaded as media
  await seedActivities(db); // after the programs seed: fills the topics it created
  await seedPopupQuiz(db); // after the activities seed: a real video with pop-up quizzes
  await seedContentFiles(db); // then every other video and e-book gets a file to open
  await seedQuiz(db); // after the activities seed: packets of its quiz-type activities
  // Last: participants learn through the member services, so the content must exist.
  await seedParticipants(db);
  await seedConsents(db); // the demo participants agreed to the first notice: no prompt at sign-in
  await seedStaffInbox(db); // after the participants: what staff find waiting
  await seedLearningRecord(db); // last: participant 1's record follows what the seeds did
  log(
    'Demo data seeded: admin@ajar.test / Rahasia123, trainer@ajar.test / Rahasia123, ' +
      'participants peserta1@ajar.test … peserta300@ajar.test / Rahasia123',
  );
  return true;
}
