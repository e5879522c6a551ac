import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbOrTx } from '../../db/client';
import type { RedeemExportFilter } from './exports.rows';
import { writeMemberRedeemExport, type ExportWriterMode } from './exports.writer';

export interface ExportBenchResult {
  mode: ExportWriterMode;
  rows: number;
  ms: number;
  bytes: number;
  /** Highest RSS seen during the run minus RSS just before it (MB). */
  peakRssDeltaMb: number;
  /** Highest JS heap in use during the run minus the heap before it (MB). */
  peakHeapDeltaMb: number;
}

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

async function measure(
  db: DbOrTx,
  filter: RedeemExportFilter,
  mode: ExportWriterMode,
): Promise<ExportBenchResult> {
  (globalThis as { gc?: () => void }).gc?.();
  const file = path.join(os.tmpdir(), `ajar-export-bench-${process.pid}-${mode}.xlsx`);
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const out = fs.createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
    });
    const { rows } = await writeMemberRedeemExport({ db }, filter, out, {
      kind: 'member_redeem',
      mode,
    });
    if (!out.writableEnded) out.end();
    await closed;
    const ms = performance.now() - started;
    return {
      mode,
      rows,
      ms: Math.round(ms),
      bytes: fs.statSync(file).size,
      peakRssDeltaMb: mb(peakRss - before.rss),
      peakHeapDeltaMb: mb(peakHeap - before.heapUsed),
    };
  } finally {
    clearInterval(sampler);
    fs.rmSync(file, { force: true });
  }
}

/**
 * The `member_redeem` export of `programIds` written by the streaming writer (what the API
 * uses) and by the in-memory writer, one after the other in the same process, for the bench's
 * table (docs/benchmarks.md). Run node with `--expose-gc` for comparable memory figures.
 */
export async function benchMemberRedeemExport(
  db: DbOrTx,
  programIds: string[],
): Promise<ExportBenchResult[]> {
  const filter: RedeemExportFilter = {
    programIds,
    sort: 'created_at',
    rangeDateType: 'created_at',
    progressStart: 0,
    progressEnd: 100,
    limit: -1,
  };
  const results: ExportBenchResult[] = [];
  for (const mode of ['stream', 'memory'] as const) results.push(await measure(db, filter, mode));
  return results;
}
