// Issue 9's certificate benches: one PDF (p50/p95, PDFs per second on one and on two threads) and
// the program zip of 1,000 graduation certificates (time, peak RSS), through the real service.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { renderCertificatePdf } from '../apps/server/src/lib/certificate-pdf';
import { programZip } from '../apps/server/src/modules/certificates/certificates.service';
import { machineLine, openSeededPglite, percentile } from './bench-db';
import { sampleCertificate } from './certificate-sample';
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
  const zipCount = options.zipCount ?? 1000;
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
    const file = path.join(bench.dataDir, 'certificates.zip');
    const sampler = await startRssSampler();
    const started = performance.now();
    let failure: unknown = null;
    const zip = await programZip(
      bench.db,
      bench.admin,
      large.programId,
      'graduation',
      'https://ajar.contoh.id',
      (error) => {
        failure = error;
      },
    );
    const out = fs.createWriteStream(file);
    await new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      zip.stream.on('error', reject);
      zip.stream.pipe(out);
    });
    const ms = performance.now() - started;
    const { peakDeltaMb, peakMb } = await sampler.stop();
    if (failure) throw failure as Error;
    const entries = zip.stream.pointer() > 0 ? await countIssued(bench, large.programId) : 0;
    const size = fs.statSync(file).size;
    lines.push(
      `| program zip (\`programZip\`, the service behind \`GET /api/certificate/v1/program/{id}/zip?kind=graduation\`): ${entries.toLocaleString('en')} graduation certificates of a program with ${large.redemptions.toLocaleString('en')} redemptions (bulk SQL), numbers issued on the way, written to a file | ${(ms / 1000).toFixed(1)} s (${((entries * 1000) / ms).toFixed(1)} PDFs/s), peak RSS ${peakMb} MB (+${peakDeltaMb} MB over the RSS before the zip), zip ${(size / 1024 / 1024).toFixed(1)} MB | — (figures asked for) |`,
      '',
    );
  } finally {
    await bench.close();
  }
  lines.push(...certificateNotes, '');
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
  '- The zip is the service the route streams, written to a file instead of a socket: pages of',
  '  100 redemptions, certificate numbers issued for each page, one PDF at a time, stored',
  '  uncompressed. RSS is process-wide (the embedded database lives in the same process) and',
  '  is the peak minus the RSS just before the zip, sampled every 5 ms from a worker thread.',
];
