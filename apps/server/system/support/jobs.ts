import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { certificateEntryName } from '@ajar/shared/certificates/certificates.rules';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import type { Db } from '../../src/db/client';
import { jobQueueSchema } from '../../src/lib/job-queue';
import { buildMember, buildRedeem } from '../../src/test/factories/participants';
import { buildProgram } from '../../src/test/factories/programs';
import { call, dataOf } from './http';

/**
 * A published program whose `count` participants each started the test, so each has a
 * participant certificate (`?kind=participant`), and the zip entries they make.
 */
export async function seedCertificateProgram(db: Db, count: number, tag: string) {
  const program = await buildProgram(db, { status: 'publish', title: `Kelas Sertifikat ${tag}` });
  const entries: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const fullname = `Peserta ${tag} ${i + 1}`;
    const license = `AJR-${tag.toUpperCase()}-${String(i + 1).padStart(4, '0')}`;
    const member = await buildMember(db, { fullname });
    await buildRedeem(db, program.id, {
      memberId: member.id,
      license,
      start_test_at: new Date(),
    });
    entries.push(certificateEntryName(fullname, license));
  }
  return { program, entries: entries.sort() };
}

/** Starts the participant-certificate zip of a program; the job's id (`data.job_id`). */
export async function startCertificateZip(baseUrl: string, token: string, programId: string) {
  const reply = await call(
    baseUrl,
    'GET',
    `/api/certificate/v1/program/${programId}/zip?kind=participant`,
    { token },
  );
  if (reply.status !== 200) throw new Error(`zip not started: ${reply.status} ${reply.text}`);
  return dataOf<{ job_id: string }>(reply).job_id;
}

/** `GET /api/job/v1/detail/{id}` through a running server. */
export async function jobDetail(baseUrl: string, token: string, id: string): Promise<Job> {
  const reply = await call(baseUrl, 'GET', `/api/job/v1/detail/${id}`, { token });
  if (reply.status !== 200) throw new Error(`job detail: ${reply.status} ${reply.text}`);
  return dataOf<Job>(reply);
}

/** Follows a job (every 50 ms) until `reached` holds of its detail; the detail that did. */
export async function waitForJob(
  baseUrl: string,
  token: string,
  id: string,
  reached: (job: Job) => boolean,
  timeoutMs: number,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobDetail(baseUrl, token, id);
    if (reached(job)) return job;
    if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.message}`);
    if (Date.now() > deadline) {
      throw new Error(`job ${id} still ${job.status} (${job.progress}%) after ${timeoutMs} ms`);
    }
    await sleep(50);
  }
}

/** A zip file's entries: each entry's name and bytes, read by `unzip` (not by the code tested). */
export function unzipEntries(zip: Buffer): { names: string[]; read(name: string): Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-job-zip-'));
  try {
    const file = path.join(dir, 'all.zip');
    fs.writeFileSync(file, zip);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const out = path.join(dir, 'out');
    execFileSync('unzip', ['-q', file, '-d', out]);
    const files = new Map(names.map((name) => [name, fs.readFileSync(path.join(out, name))]));
    return { names, read: (name) => files.get(name) ?? Buffer.alloc(0) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A whole PDF: its header at the start and its end-of-file marker at the end. */
export function isPdf(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
    bytes.subarray(-32).toString('latin1').includes('%%EOF')
  );
}

/** The pg-boss rows of a job (its id is the jobs row's): state and attempts, as pg-boss keeps them. */
export async function queueRows(databaseUrl: string, id: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; retry_count: number }>(
      `select state, retry_count from ${jobQueueSchema}.job where id = $1`,
      [id],
    );
    return rows;
  } finally {
    await client.end();
  }
}
