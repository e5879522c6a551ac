// The cohort's load generator (bench/cohort.ts): worker threads, each running a slice of the
// participants (bench/cohort-worker.ts), driven through the same phases by messages.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { CallStats, CohortPlan } from '../apps/server/system/support/cohort-participant';
import type { CohortCommand, CohortWorkerData } from './cohort-worker';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Figures {
  requests: number;
  errors: number;
  seconds: number;
  all: number[];
  byCall: Map<string, CallStats>;
}

function merge(into: Map<string, CallStats>, entries: [string, CallStats][]) {
  for (const [name, s] of entries) {
    const t = into.get(name) ?? { latencies: [], errors: 0, samples: [], bytes: 0 };
    t.latencies.push(...s.latencies);
    t.errors += s.errors;
    t.bytes += s.bytes;
    for (const sample of s.samples) if (t.samples.length < 3) t.samples.push(sample);
    into.set(name, t);
  }
}

export function figures(byCall: Map<string, CallStats>, seconds: number): Figures {
  const all = [...byCall.values()].flatMap((s) => s.latencies);
  const errors = [...byCall.values()].reduce((n, s) => n + s.errors, 0);
  return { requests: all.length, errors, seconds, all, byCall };
}

/** The cohort's threads against `baseUrl`: sign-in ramp, then the commands, in order. */
export async function drive(
  baseUrl: string,
  plan: CohortPlan,
  size: number,
  options: { think: number; refetch: boolean; keepReplies: boolean; rampSeconds: number },
) {
  const threads = Math.max(1, Math.min(4, Math.ceil(size / 500)));
  const per = Math.ceil(size / threads);
  const workers: Worker[] = [];
  const inbox: { type: string; [k: string]: unknown }[][] = [];
  const waiters: ((m: { type: string; [k: string]: unknown }) => void)[] = [];
  for (let t = 0; t < threads; t += 1) {
    const data: CohortWorkerData = {
      entry: path.join(here, 'cohort-worker.ts'),
      baseUrl,
      plan,
      from: t * per + 1,
      to: Math.min(size, (t + 1) * per),
      think: options.think,
      refetch: options.refetch,
      keepReplies: options.keepReplies,
      rampSeconds: options.rampSeconds,
      signInWidth: 4,
    };
    const worker = new Worker(path.join(here, 'load-worker-boot.mjs'), { workerData: data });
    inbox.push([]);
    worker.on('message', (m: { type: string }) => {
      const waiter = waiters[t];
      if (waiter) {
        delete waiters[t];
        waiter(m);
      } else inbox[t]!.push(m);
    });
    worker.on('error', (err) => console.error(`cohort worker ${t}:`, err));
    workers.push(worker);
  }
  const receive = (t: number) =>
    new Promise<{ type: string; [k: string]: unknown }>((resolve) => {
      const queued = inbox[t]!.shift();
      if (queued) resolve(queued);
      else waiters[t] = resolve;
    });
  const gather = async () => {
    const messages = await Promise.all(workers.map((_, t) => receive(t)));
    const byCall = new Map<string, CallStats>();
    const replies = new Map<string, { status: number; body: string }>();
    let connected = 0;
    for (const m of messages) {
      merge(byCall, m.byCall as [string, CallStats][]);
      for (const [k, v] of m.replies as [string, { status: number; body: string }][]) {
        if (!replies.has(k)) replies.set(k, v);
      }
      connected += (m.connected as number | undefined) ?? 0;
    }
    return { byCall, replies, connected };
  };
  const send = (command: CohortCommand) => {
    for (const w of workers) w.postMessage(command);
  };
  return {
    ready: gather,
    async run(command: CohortCommand) {
      send(command);
      return gather();
    },
    async close() {
      send({ type: 'close' });
      await Promise.all(workers.map((_, t) => receive(t)));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
