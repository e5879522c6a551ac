import { sql } from 'drizzle-orm';
import {
  activitySettingsSchema,
  type ActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { activityMinimum, scorePacket, type QuizAnswers } from '@ajar/shared/quiz/quiz.scoring';
import type { Db } from '../apps/server/src/db/client';
import {
  packetSections,
  toScorable,
} from '../apps/server/src/modules/members/quiz-packets.service';
import { startQuiz, submitQuiz } from '../apps/server/src/modules/members/quiz-attempts.service';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export const quizQuestionCount = 50;
const sectionsOf = [
  { name: 'Pengetahuan Dasar', min: 50 },
  { name: 'Penerapan', min: 50 },
];

export interface QuizBenchSetup {
  programId: string;
  activityId: string;
  packetId: string;
  members: string[];
  settings: ActivitySettings;
  /** Question id → index of its right option. */
  key: Map<string, number>;
}

/**
 * A published program with one `exam` activity whose only packet holds 50 multiple-choice
 * questions in two sections (25 each, minimum score 50), unlimited retakes and no timer, and
 * `memberCount` participants who redeemed it. Set up in SQL: the bench measures the scoring.
 */
export async function setupQuizBench(db: Db, memberCount = 200): Promise<QuizBenchSetup> {
  const settings = activitySettingsSchema.parse({
    estimated_duration: 60,
    set_minimum_value: { is_set: 1, minimum_value: 60 },
    opportunity_repeat_test: -1,
    is_show_score: 1,
    is_show_answer: 1,
    is_random_question: 0,
    number_questions_package: 0,
    timer: 0,
  });
  return db.transaction(async (tx) => {
    const one = async <T>(query: ReturnType<typeof sql>) => rows<T>(await tx.execute(query))[0]!;
    const program = await one<{ id: string }>(sql`insert into programs (title, status, is_free)
      values ('Uji Beban: Ujian 50 Soal', 'publish', true) returning id`);
    const topic = await one<{ id: string }>(sql`insert into topics (program_id, name, seq, status)
      values (${program.id}, 'Ujian', 1, 'publish') returning id`);
    const activity = await one<{ id: string }>(sql`insert into activities (program_id, topic_id,
        name, type, seq, status, settings, content)
      values (${program.id}, ${topic.id}, 'Ujian Akhir 50 Soal', 'exam', 1, 'publish',
        ${JSON.stringify(settings)}::jsonb, '{}'::jsonb) returning id`);
    const packet = await one<{ id: string }>(sql`insert into question_packets (activity_id, status)
      values (${activity.id}, 'publish') returning id`);
    const key = new Map<string, number>();
    const perSection = quizQuestionCount / sectionsOf.length;
    for (const [s, section] of sectionsOf.entries()) {
      const created = sql`now() + ${s} * interval '1 millisecond'`;
      const row = await one<{ id: string }>(sql`insert into quiz_sections (activity_id, packet_id,
          name, min_score, created_at, updated_at)
        values (${activity.id}, ${packet.id}, ${section.name}, ${section.min}, ${created},
          ${created}) returning id`);
      const group = await one<{ id: string }>(sql`insert into question_groups (packet_id,
          section_id, created_at, updated_at)
        values (${packet.id}, ${row.id}, ${created}, ${created}) returning id`);
      const inserted = rows<{ id: string; right: number }>(
        await tx.execute(sql`insert into questions (activity_id, group_id, seq, type, question,
            point, options, correct_answer)
          select ${activity.id}, ${group.id}, q, 'multiple_choice',
            jsonb_build_object('text', 'Pertanyaan ' || q || ': pilih jawaban yang benar.',
              'media', null),
            2,
            (select jsonb_agg(jsonb_build_object('text', 'Pilihan ' || o || ' soal ' || q,
               'media', null, 'point', 0) order by o) from generate_series(1, 4) o),
            jsonb_build_array('Pilihan ' || (1 + q % 4) || ' soal ' || q)
          from generate_series(1, ${perSection}) q
          returning id, (1 + seq % 4) - 1 as right`),
      );
      for (const q of inserted) key.set(q.id, Number(q.right));
    }
    const members = rows<{ id: string }>(
      await tx.execute(sql`insert into members (fullname, email, phone)
        select 'Peserta Ujian ' || g, 'ujian' || g || '-' || ${program.id} || '@contoh.id',
          '6282' || lpad(g::text, 9, '0')
        from generate_series(1, ${memberCount}) g returning id`),
    );
    await tx.execute(sql`insert into member_redeems (member_id, program_id, license, pmo_code)
      select m.id, ${program.id}, 'UJI-' || substr(${program.id}::text, 1, 8) || '-' || g,
        'PMO' || g
      from unnest(${sql.param(members.map((m) => m.id))}::uuid[]) with ordinality as m(id, g)`);
    return {
      programId: program.id,
      activityId: activity.id,
      packetId: packet.id,
      members: members.map((m) => m.id),
      settings,
      key,
    };
  });
}

/** Answers with about `skill` of them right: scores vary like a real class. */
function answersFor(
  questionIds: string[],
  key: Map<string, number>,
  skill: number,
): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const [i, id] of questionIds.entries()) {
    const right = key.get(id) ?? 0;
    answers[id] = (i * 7919) % 100 < skill * 100 ? right : (right + 1 + (i % 3)) % 4;
  }
  return answers;
}

export interface QuizBenchResult {
  /** start + submit through the member services (database reads and writes included). */
  service: { submissions: number; seconds: number; perSecond: number; p50Ms: number };
  /** The shared scoring function alone, on the loaded packet. */
  scoring: { submissions: number; seconds: number; perSecond: number };
}

/**
 * Runs `startQuiz` + `submitQuiz` (the services behind the member API's quiz routes) for the
 * participants in turn until `seconds` pass, then the pure `scorePacket` in a loop on the same
 * packet for `seconds`.
 */
export async function benchQuizScoring(
  db: Db,
  setup: QuizBenchSetup,
  seconds = 10,
): Promise<QuizBenchResult> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  for (let i = 0; performance.now() < end; i += 1) {
    const member = { id: setup.members[i % setup.members.length]! };
    const t0 = performance.now();
    const attempt = await startQuiz(db, member, setup.programId, setup.activityId);
    const ids = attempt.sections.flatMap((s) => s.questions.map((q) => q.id));
    await submitQuiz(
      db,
      member,
      { programId: setup.programId, activityId: setup.activityId, attemptId: attempt.attempt.id },
      { answers: answersFor(ids, setup.key, 0.4 + (i % 6) / 10) },
    );
    latencies.push(performance.now() - t0);
  }
  const serviceSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const sections = toScorable(await packetSections(db, setup.packetId));
  const ids = sections.flatMap((s) => s.list_question.map((q) => q.id));
  const variants: QuizAnswers[] = [0.4, 0.6, 0.8, 1].map((skill) =>
    answersFor(ids, setup.key, skill),
  );
  const minimum = activityMinimum(setup.settings.set_minimum_value);
  let count = 0;
  const scoringStart = performance.now();
  const scoringEnd = scoringStart + Math.min(seconds, 3) * 1000;
  while (performance.now() < scoringEnd) {
    for (let j = 0; j < 100; j += 1) scorePacket(sections, variants[(count + j) % 4]!, minimum);
    count += 100;
  }
  const scoringSeconds = (performance.now() - scoringStart) / 1000;
  return {
    service: {
      submissions: latencies.length,
      seconds: serviceSeconds,
      perSecond: latencies.length / serviceSeconds,
      p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
    },
    scoring: { submissions: count, seconds: scoringSeconds, perSecond: count / scoringSeconds },
  };
}
