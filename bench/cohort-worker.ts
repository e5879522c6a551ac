// A slice of the cohort on its own thread (bench/cohort.ts): its participants' HTTP calls and
// sockets, so the harness uses both cores and no participant waits on another's JSON parsing.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import {
  arrive,
  learn,
  leave,
  newParticipant,
  Recorder,
  sitExam,
  type CohortPlan,
  type Harness,
  type Participant,
} from '../apps/server/system/support/cohort-participant';

export interface CohortWorkerData {
  entry: string;
  baseUrl: string;
  plan: CohortPlan;
  /** Participants from..to (1-based, inclusive). */
  from: number;
  to: number;
  think: number;
  refetch: boolean;
  keepReplies: boolean;
  /** Sign-ins spread over this many seconds, at most `signInWidth` at a time per worker. */
  rampSeconds: number;
  signInWidth: number;
}

export type CohortCommand =
  { type: 'mix'; seconds: number } | { type: 'exam'; startAt: number } | { type: 'close' };

const d = workerData as CohortWorkerData;
const h: Harness = {
  baseUrl: d.baseUrl,
  plan: d.plan,
  agent: new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY }),
  rec: new Recorder(),
  think: d.think,
  refetch: d.refetch,
  keepReplies: d.keepReplies,
};
const participants: Participant[] = [];
for (let n = d.from; n <= d.to; n += 1) participants.push(newParticipant(n));

const report = (type: string, extra: Record<string, unknown> = {}) =>
  parentPort?.postMessage({
    type,
    byCall: [...h.rec.byCall.entries()],
    replies: [...h.rec.replies.entries()],
    ...extra,
  });

// The ramp: participant k signs in at k/len of rampSeconds, a few at a time.
let next = 0;
const started = Date.now();
const lane = async () => {
  let connected = 0;
  while (next < participants.length) {
    const k = next++;
    const due = started + (k / participants.length) * d.rampSeconds * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    if (await arrive(h, participants[k]!)) connected += 1;
  }
  return connected;
};
const connected = (await Promise.all(Array.from({ length: d.signInWidth }, lane))).reduce(
  (a, b) => a + b,
  0,
);
report('ready', { connected });
h.rec.reset();

parentPort?.on('message', (command: CohortCommand) => {
  void (async () => {
    if (command.type === 'mix') {
      const end = Date.now() + command.seconds * 1000;
      await Promise.all(participants.map((p) => learn(h, p, () => Date.now() < end)));
      report('mix');
    } else if (command.type === 'exam') {
      await Promise.all(participants.map((p) => sitExam(h, p, command.startAt)));
      report('exam');
    } else {
      for (const p of participants) leave(p);
      h.agent.destroy();
      parentPort?.postMessage({ type: 'closed' });
    }
    h.rec.reset();
  })();
});
