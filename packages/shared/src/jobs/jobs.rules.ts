/** The least a job has to have run, and done, before its time left is worth saying. */
export const timeLeftMinimum = { elapsedMs: 1_000, progress: 1 } as const;

/**
 * The time a running job still needs, in Indonesian ('sekitar 2 menit lagi', 'kurang dari 1
 * menit lagi'), from its progress and the time since its current attempt started, assuming the
 * rest goes at the pace so far. Null when it cannot be estimated yet: not running, no start, too
 * little done or too little time passed (the first percent says little), or a clock behind the
 * start.
 */
export function timeLeftText(
  job: { status: string; progress: number; started_at: string | null },
  now: Date,
): string | null {
  if (job.status !== 'running' || job.started_at === null) return null;
  const elapsed = now.getTime() - new Date(job.started_at).getTime();
  const { progress } = job;
  if (!Number.isFinite(elapsed) || elapsed < timeLeftMinimum.elapsedMs) return null;
  if (progress < timeLeftMinimum.progress || progress >= 100) return null;
  const leftMs = (elapsed * (100 - progress)) / progress;
  const minutes = Math.round(leftMs / 60_000);
  if (minutes < 1) return 'kurang dari 1 menit lagi';
  if (minutes < 60) return `sekitar ${minutes} menit lagi`;
  return `sekitar ${Math.round(minutes / 60)} jam lagi`;
}

/** A duration in Indonesian words, rounded: minutes under an hour, hours from there. */
function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'kurang dari 1 menit';
  if (minutes < 60) return `sekitar ${minutes} menit`;
  return `sekitar ${Math.round(minutes / 60)} jam`;
}

/**
 * What a certificate zip of `count` certificates takes, said before it starts ('sekitar 3 jam'),
 * at `pdfsPerSecond` (`jobLimits.zipPdfsPerSecond`).
 */
export function zipEstimateText(count: number, pdfsPerSecond: number): string {
  return durationText((count / pdfsPerSecond) * 1000);
}

/**
 * The question a zip past `jobLimits.zipConfirmAbove` certificates answers (409) until it is sent
 * again with `confirm=true`.
 */
export function largeZipQuestion(count: number, pdfsPerSecond: number): string {
  const n = count.toLocaleString('id-ID');
  return `Zip ini berisi ${n} sertifikat dan perkiraan waktunya ${zipEstimateText(count, pdfsPerSecond)}. Lanjutkan?`;
}
