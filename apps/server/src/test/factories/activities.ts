import { randomUUID } from 'node:crypto';
import { max, eq } from 'drizzle-orm';
import type { ActivityType } from '@ajar/shared/activities/activities.constants';
import {
  defaultActivityContent,
  defaultActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import type { Db } from '../../db/client';
import { activities, programFacilitators, programs, topics } from '../../db/schema';

/**
 * A program with `topics` topics (seq 1..n), inserted straight into the tables so activity tests
 * do not depend on the program routes.
 */
export async function buildProgramWithTopics(
  db: Db,
  options: { topics?: number; title?: string } = {},
) {
  const [program] = await db
    .insert(programs)
    .values({ title: options.title ?? `Program ${randomUUID().slice(0, 8)}`, status: 'publish' })
    .returning();
  const rows = [];
  for (let i = 1; i <= (options.topics ?? 1); i += 1) {
    const [topic] = await db
      .insert(topics)
      .values({ program_id: program!.id, name: `Topik ${i}`, seq: i })
      .returning();
    rows.push(topic!);
  }
  return { program: program!, topics: rows };
}

/** Assigns a trainer to a program: a facilitator entry linked to their account. */
export async function assignTrainer(db: Db, programId: string, userId: string) {
  const [row] = await db
    .insert(programFacilitators)
    .values({ program_id: programId, name: 'Fasilitator', user_id: userId })
    .returning();
  return row!;
}

/** An activity appended at the end of its topic. */
export async function buildActivity(
  db: Db,
  topic: { id: string; program_id: string },
  overrides: Partial<{
    name: string;
    type: ActivityType;
    settings: Record<string, unknown>;
    content: Record<string, unknown>;
  }> = {},
) {
  const [last] = await db
    .select({ seq: max(activities.seq) })
    .from(activities)
    .where(eq(activities.topic_id, topic.id));
  const [row] = await db
    .insert(activities)
    .values({
      program_id: topic.program_id,
      topic_id: topic.id,
      name: overrides.name ?? `Aktivitas ${randomUUID().slice(0, 6)}`,
      type: overrides.type ?? 'general',
      seq: (last?.seq ?? 0) + 1,
      status: 'publish',
      settings: overrides.settings ?? defaultActivitySettings,
      content: overrides.content ?? defaultActivityContent,
    })
    .returning();
  return row!;
}
