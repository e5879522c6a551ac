// The certificate benches: one PDF (p50/p95, PDFs per second on one and on two threads) and
// the program zip of 1,000 graduation certificates as a job on 1 and on 2 PDF worker threads
// (time, PDFs/s, RSS over idle, time to the first progress), through the real service.
// BENCH_ZIP_COUNT sets the zip's size (a small one to check the bench runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { renderCertificatePdf } from '../apps/server/src/lib/certificate-pdf';
import { CertificatePdfPool } from '../apps/server/src/lib/certificate-pdf-pool';
import {
  runProgramZipJob,
  type ProgramZipJobInput,
} from '../apps/server/src/modules/certificates/certificates.service';
import { machineLine, openSeededPglite, percentile, type BenchDb } from './bench-db';
import { sampleCertificate } from './certificate-sample';
import { benchJob } from './job-context';
import { seedLargeRedemptions } from './large-redemptions';
import { exposeGc, startRssSampler } from './rss-sampler';

const here = path.dirname(fileURLToPath(import.meta.url));
const within = (ok: boolean) => (ok ? 'met' : '**missed**');

interface WorkerRun {
  times: number[];
  start: number;
  end: number;
}

function renderInWorker(count: number): Promise<WorkerRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(here, 'pdf-worker-boot.mjs'), { workerData: { count } });
    worker.once('message', (run: WorkerRun) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function singlePdf(documents: number) {
  for (let i = 0; i < 10; i += 1) await renderCertificatePdf(sampleCertificate(i)); // warm-up
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < documents; i += 1) {
    const t = performance.now();
    bytes += (await renderCertificatePdf(sampleCertificate(i))).length;
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  return { times, perSecond: documents / seconds, avgKb: bytes / documents / 1024 };
}

async function twoThreads(documents: number) {
  const parts = await Promise.all([renderInWorker(documents / 2), renderInWorker(documents / 2)]);
  // The span from the first measured start to the last end (warm-ups excluded).
  const seconds =
    (Math.max(...parts.map((p) => p.end)) - Math.min(...parts.map((p) => p.start))) / 1000;
  return { times: parts.flatMap((p) => p.times), perSecond: documents / seconds };
}

export async function certificatesBench(lines: string[], options: { zipCount?: number } = {}) {
  const zipCount = options.zipCount ?? Number(process.env.BENCH_ZIP_COUNT ?? 1000);
  const documents = Number(process.env.BENCH_PDFS ?? 200);
  await exposeGc();
  lines.push('## Certificates: one PDF and the program zip', '', machineLine(), '');

  const one = await singlePdf(documents);
  const two = await twoThreads(documents);
  const p95 = percentile(one.times, 95);
  lines.push(
    '| bench | result | goal |',
    '|---|---|---|',
    `| one certificate (\`renderCertificatePdf\`, A4, QR code, embedded fonts), ${documents} documents one after another on the main thread | p50 ${percentile(one.times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${one.perSecond.toFixed(1)} PDFs/s, ${one.avgKb.toFixed(0)} kB each | p95 ≤ 150 ms: ${within(p95 <= 150)}; ≥ 10/s: ${within(one.perSecond >= 10)} |`,
    `| the same ${documents} documents on 2 worker threads (2 cores) | p50 ${percentile(two.times, 50).toFixed(1)} ms, p95 ${percentile(two.times, 95).toFixed(1)} ms, ${two.perSecond.toFixed(1)} PDFs/s | ≥ 10/s: ${within(two.perSecond >= 10)} |`,
  );

  // 20 % of the generated redemptions are finished: five times the zip size, every post-test passed.
  const bench = await openSeededPglite('certificates');
  try {
    const large = await seedLargeRedemptions(bench.db, zipCount * 5);
    await bench.db.execute(sql`update member_redeems
      set scores = jsonb_set(scores, '{post_test,passed}', 'true'::jsonb)
      where program_id = ${large.programId} and progress = 100`);
    for (const threads of [1, 2]) {
      const run = await zipJob(bench, large.programId, threads);
      lines.push(
        `| program zip as a job (\`runProgramZipJob\`, what \`GET /api/certificate/v1/program/{id}/zip?kind=graduation\` starts) on ${threads} PDF worker thread${threads > 1 ? 's' : ''}: ${run.entries.toLocaleString('en')} graduation certificates of a program with ${large.redemptions.toLocaleString('en')} redemptions (bulk SQL), numbers issued on the way${threads > 1 ? ' (already issued by the run before)' : ''}, stored through local storage | ${(run.ms / 1000).toFixed(1)} s (${((run.entries * 1000) / run.ms).toFixed(1)} PDFs/s), first progress ${run.firstMs === null ? '—' : `${(run.firstMs / 1000).toFixed(2)} s`} after the start, RSS +${run.peakDeltaMb} MB over idle (peak ${run.peakMb} MB), zip ${(run.bytes / 1024 / 1024).toFixed(1)} MB | RSS ≤ 150 MB over idle: ${within(run.peakDeltaMb <= 150)} |`,
      );
    }
    const entries = await countIssued(bench, large.programId);
    lines.push('', `${entries.toLocaleString('en')} certificate numbers issued in all.`, '');
  } finally {
    await bench.close();
  }
  lines.push(...certificateNotes, '');
}

/** One zip job on a pool of `threads` workers (started by the job, closed after it). */
async function zipJob(bench: BenchDb, programId: string, threads: number) {
  const pool = new CertificatePdfPool({ threads });
  const input: ProgramZipJobInput = {
    programId,
    kind: 'graduation',
    baseUrl: 'https://ajar.contoh.id',
    role: bench.admin.role,
  };
  const sampler = await startRssSampler();
  const job = benchJob(input, bench.admin.id, bench.dataDir, `zip-${threads}.zip`);
  const started = performance.now();
  try {
    await runProgramZipJob(bench.db, pool, job.ctx);
  } finally {
    await pool.close();
  }
  const ms = performance.now() - started;
  const { peakDeltaMb, peakMb } = await sampler.stop();
  return {
    ms,
    peakDeltaMb,
    peakMb,
    entries: job.progressReports(),
    firstMs: job.firstProgressMs(),
    bytes: job.fileBytes(),
  };
}

async function countIssued(bench: { db: Db }, id: string) {
  const r = await bench.db.execute(sql`select count(*)::int as n from certificates c
    join member_redeems r on r.id = c.member_redeem_id where r.program_id = ${id}`);
  return (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

const certificateNotes = [
  '#### Reading the certificate figures',
  '',
  '- One PDF is `renderCertificatePdf` alone (pdfkit, the QR code, the embedded fonts), no',
  '  database: the cost a download or a zip entry pays per certificate. The main-thread figure is',
  '  what one request costs on an idle server; a Node process renders on one thread, so the',
  '  two-thread figure is the ceiling of two processes (or workers) on the 2 cores.',
  '- The zip is the job the route starts (`runProgramZipJob`), its file stored through local',
  '  storage as on a server: pages of 100 redemptions, certificate numbers issued for each page,',
  '  the PDFs rendered on the worker-thread pool (`PDF_THREADS`), at most two per thread ahead of',
  '  the entry written, stored uncompressed. The pool starts with the job, so the first progress',
  '  includes starting the workers (loading pdfkit and the fonts). RSS is process-wide (the',
  '  embedded database and the workers live in the same process) and is the peak minus the RSS',
  '  just before the job, sampled every 5 ms from a worker thread.',
];
