import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import type { Db } from '../../db/client';
import { entryText, openZip } from '../../lib/zip-read';

/**
 * Follows a job started by a route (its reply's `data.job_id`) until it is done or failed, as
 * the back office does, and answers its last detail.
 */
export async function finishedJob(
  app: FastifyInstance,
  headers: Record<string, string>,
  started: LightMyRequestResponse,
  timeoutMs = 60_000,
): Promise<Job> {
  if (started.statusCode !== 200) throw new Error(`job not started: ${started.body}`);
  const jobId = started.json<{ data: { job_id: string } }>().data.job_id;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/job/v1/detail/${jobId}`, headers });
    if (res.statusCode !== 200) throw new Error(`job detail: ${res.statusCode} ${res.body}`);
    const job = res.json<{ data: Job }>().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The file of a done job, through its single-use link (the local disk streams it). */
export async function jobFile(app: FastifyInstance, job: Job) {
  if (job.status !== 'done' || !job.public_url) throw new Error(`job not done: ${job.status}`);
  const res = await app.inject({
    method: 'GET',
    url: new URL(job.public_url, 'http://x').pathname,
  });
  if (res.statusCode !== 200) throw new Error(`job file: ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * `count` participants of a program in one statement (no per-row calls), for exports past
 * 10,000 rows: each redeemed through `resellerId` when given, and checked in to `attendance`'s
 * activity when given (one attendance each).
 */
export async function bulkParticipants(
  db: Db,
  input: {
    programId: string;
    count: number;
    resellerId?: string;
    attendance?: { topicId: string; activityId: string };
  },
) {
  const tag = randomUUID().slice(0, 8);
  const at = input.attendance;
  // The participants-count trigger would update the program row once per redemption (slow);
  // off for the insert, as the bench's large seed does.
  await db.execute(sql`alter table member_redeems disable trigger member_redeems_participants`);
  await db.execute(sql`
    with m as (
      insert into members (fullname, email)
      select 'Peserta ' || g, ${tag} || '-' || g || '@contoh.id'
      from generate_series(1, ${input.count}) g
      returning id, email),
    r as (
      insert into member_redeems (member_id, program_id, license, reseller_id)
      select m.id, ${input.programId}::uuid, 'LIC-' || m.email, ${input.resellerId ?? null}::uuid
      from m
      returning id, member_id)
    insert into attendances
      (member_redeem_id, member_id, program_id, topic_id, activity_id, schedule_key)
    select r.id, r.member_id, ${input.programId}::uuid, ${at?.topicId ?? null}::uuid,
      ${at?.activityId ?? null}::uuid, 'd:2025-01-01:0'
    from r where ${at !== undefined}`);
  await db.execute(sql`alter table member_redeems enable trigger member_redeems_participants`);
}

/** The rows of a job's .xlsx (heading included), counted in its sheet's XML: a full workbook
 * load of 10,001 rows takes minutes here. */
export async function jobSheetRows(app: FastifyInstance, job: Job): Promise<number> {
  const zip = openZip((await jobFile(app, job)).rawPayload, {
    entries: 100,
    unpackedBytes: 100 * 1024 * 1024,
  });
  const sheet = await entryText(zip, zip.entries.get('xl/worksheets/sheet1.xml')!);
  return sheet.match(/<row /g)?.length ?? 0;
}
