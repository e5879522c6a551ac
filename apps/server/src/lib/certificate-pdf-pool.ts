import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CertificateContent } from './certificate-pdf';
import type { RenderReply, RenderRequest } from './certificate-pdf-worker';

export interface CertificatePdfPoolOptions {
  /** Worker threads at most (PDF_THREADS); unset, one per core the process may use. */
  threads?: number;
  /** The workers end once the pool has had nothing to do for this long (ms). */
  idleMs?: number;
}

interface Task {
  request: RenderRequest;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * The built server runs this module inside dist/main.js (the build leaves its `import.meta.url`
 * as is), beside dist/certificate-pdf-worker.js. From the TypeScript source (tsx, vitest) the
 * worker starts from a small .mjs file that registers tsx first.
 */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./certificate-pdf-worker-boot.mjs', import.meta.url)
    : new URL('./certificate-pdf-worker.js', import.meta.url);
}

/**
 * Each worker's V8 heap, capped: left alone, a worker's heap grows to about 250 MB over a few
 * hundred PDFs before V8 collects, and two of them lifted a zip's RSS by 470 MB. With these caps
 * two workers stayed near 130 MB over idle for 300 PDFs, about 15 % slower (the limit is
 * 150 MB). A certificate needs a few MB of heap.
 */
const workerResourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

function replyError(error: { message: string; stack?: string }): Error {
  const e = new Error(error.message);
  if (error.stack) e.stack = error.stack;
  return e;
}

/**
 * Renders certificate PDFs on worker threads, so a zip of a thousand certificates
 * uses every core and leaves the main thread free for requests. Workers start on the first
 * render and end after `idleMs` without work: an idle server holds none.
 */
export class CertificatePdfPool {
  readonly threads: number;
  private readonly idleMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: CertificatePdfPoolOptions = {}) {
    this.threads = Math.max(1, options.threads ?? os.availableParallelism());
    this.idleMs = options.idleMs ?? 5000;
  }

  /**
   * How many renders a caller should have asked for and not yet used: two per thread keep every
   * thread busy while the caller writes the finished ones, and bound the PDFs held in memory.
   */
  get inFlightLimit(): number {
    return this.threads * 2;
  }

  /** Worker threads running now (0 when idle). */
  get workerCount(): number {
    return this.slots.size;
  }

  /** The certificate as a PDF, rendered on a worker thread; rejects with the render's error. */
  render(content: CertificateContent): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the certificate PDF pool is closed'));
    clearTimeout(this.idleTimer);
    return new Promise<Buffer>((resolve, reject) => {
      this.nextId += 1;
      this.queue.push({ request: { id: this.nextId, content }, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends the workers (renders still running reject) and refuses further work. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const task of this.queue.splice(0)) {
      task.reject(new Error('the certificate PDF pool is closed'));
    }
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot) {
        if (this.slots.size >= this.threads) return;
        slot = this.spawn();
      }
      const task = this.queue.shift()!;
      slot.task = task;
      // A busy worker keeps the process alive until its answer comes; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(task.request);
    }
    this.scheduleIdleEnd();
  }

  private scheduleIdleEnd() {
    if (this.closed || this.slots.size === 0) return;
    if ([...this.slots].some((s) => s.task !== null)) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      for (const slot of this.slots) void slot.worker.terminate();
      this.slots.clear();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(workerEntry(), { resourceLimits: workerResourceLimits }),
      task: null,
    };
    this.slots.add(slot);
    const settle = () => {
      const task = slot.task;
      slot.task = null;
      return task;
    };
    slot.worker.on('message', (reply: RenderReply) => {
      const task = settle();
      slot.worker.unref();
      if ('pdf' in reply) {
        task?.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      } else {
        task?.reject(replyError(reply.error));
      }
      this.dispatch();
    });
    slot.worker.on('error', (error) => settle()?.reject(error));
    slot.worker.on('exit', (code) => {
      this.slots.delete(slot);
      settle()?.reject(new Error(`the certificate PDF worker stopped (exit code ${code})`));
      if (!this.closed) this.dispatch();
    });
    return slot;
  }
}
