import { Worker } from 'node:worker_threads';

/**
 * Samples the process's RSS every 5 ms from a worker thread, so the peak is seen even while the
 * main thread is busy in synchronous work (parsing a workbook, building a zip) and timers would
 * not fire. `stop()` answers the peak minus the RSS when sampling began and the peak itself (MB).
 */
export async function startRssSampler(): Promise<{
  stop: () => Promise<{ peakDeltaMb: number; peakMb: number }>;
}> {
  const shared = new Float64Array(new SharedArrayBuffer(16));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData.buffer);
     const sleep = new Int32Array(new SharedArrayBuffer(4));
     for (;;) {
       const rss = process.memoryUsage.rss();
       if (rss > peak[0]) peak[0] = rss;
       if (peak[1] === 1) break;
       Atomics.wait(sleep, 0, 0, 5);
     }`,
    { eval: true, workerData: { buffer: shared.buffer } },
  );
  // The baseline is taken once the sampler runs, so its own thread is not counted.
  await new Promise((resolve) => worker.once('online', resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  shared[0] = before;
  return {
    stop: async () => {
      shared[1] = 1;
      await new Promise((resolve) => worker.once('exit', resolve));
      const peak = Math.max(shared[0]!, process.memoryUsage.rss());
      const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
      return { peakDeltaMb: mb(peak - before), peakMb: mb(peak) };
    },
  };
}

/** Makes `globalThis.gc` available (as `--expose-gc` would), so runs start from a collected heap. */
export async function exposeGc(): Promise<void> {
  if ((globalThis as { gc?: unknown }).gc) return;
  const v8 = await import('node:v8');
  const vm = await import('node:vm');
  v8.setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown }).gc = vm.runInNewContext('gc');
}
