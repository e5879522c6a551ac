import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';

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
