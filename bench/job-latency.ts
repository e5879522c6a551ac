// From the request that starts a job to its owner's first progress event, through the
// whole path a user's zip takes: the HTTP call, the job row, pg-boss (LISTEN/NOTIFY wakes a
// worker), the worker's first update and the Socket.IO event to the owner's socket.
import { io, type Socket } from 'socket.io-client';
import { realtimePath } from '@ajar/shared/realtime.constants';
import { api, browserBench, load1, median, staffSession } from './browser-support';
import { machineLine } from './bench-db';

interface JobEvent {
  id: string;
  status: string;
  progress: number;
}

interface Timeline {
  reply: number;
  running: number;
  firstProgress: number;
  done: number;
  load: string;
}

const runs = 5;

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: realtimePath, auth: { token }, transports: ['websocket'] });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The first published program whose graduation zip the server agrees to start. */
async function zipStart(url: string, token: string) {
  const { list } = await api<{ list: { id: string; title: string }[] }>(
    url,
    'GET',
    '/program/v1/company/list?page=1&limit=50&status=publish',
    undefined,
    token,
  );
  for (const program of list) {
    const path = `/certificate/v1/program/${program.id}/zip?kind=graduation`;
    const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) continue;
    const { data } = (await res.json()) as { data: { job_id: string } };
    return { program, path, firstJobId: data.job_id };
  }
  throw new Error('no demo program has a graduation certificate to zip');
}

/** Resolves when the job's events have reached `done`, with each step's time from `t0`. */
function follow(socket: Socket, t0: number, jobId: () => string | undefined) {
  const marks: Partial<Record<'running' | 'firstProgress' | 'done', number>> = {};
  const early: JobEvent[] = [];
  return new Promise<typeof marks>((resolve) => {
    const onEvent = (event: JobEvent) => {
      const now = performance.now() - t0;
      const id = jobId();
      // An event can beat the HTTP reply that names the job: kept until the id is known.
      if (!id) return void early.push(event);
      for (const e of [...early.splice(0), event]) {
        if (e.id !== id) continue;
        if (e.status === 'running') marks.running ??= now;
        if (e.progress > 0) marks.firstProgress ??= now;
        if (e.status === 'done' || e.status === 'failed') {
          marks.done = now;
          socket.off('job.progress', onEvent);
          resolve(marks);
        }
      }
    };
    socket.on('job.progress', onEvent);
  });
}

export async function jobLatencyBench(lines: string[]) {
  const { server } = await browserBench();
  const session = await staffSession(server.url);
  const socket = await connect(server.url, session.token);
  const timelines: Timeline[] = [];
  try {
    const start = await zipStart(server.url, session.token);
    // The first start (above) warmed the path; it ends before the timed runs.
    for (;;) {
      const job = await api<{ status: string }>(
        server.url,
        'GET',
        `/job/v1/detail/${start.firstJobId}`,
        undefined,
        session.token,
      );
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (let i = 0; i < runs; i += 1) {
      const started: { jobId?: string } = {};
      const t0 = performance.now();
      const events = follow(socket, t0, () => started.jobId);
      const data = await api<{ job_id: string }>(
        server.url,
        'GET',
        start.path,
        undefined,
        session.token,
      );
      const reply = performance.now() - t0;
      started.jobId = data.job_id;
      const marks = await events;
      const timeline = {
        reply,
        running: marks.running ?? Number.NaN,
        firstProgress: marks.firstProgress ?? Number.NaN,
        done: marks.done ?? Number.NaN,
        load: load1(),
      };
      console.log(
        `zip job: reply ${reply.toFixed(0)} ms, running ${timeline.running.toFixed(0)} ms, ` +
          `first progress ${timeline.firstProgress.toFixed(0)} ms, done ${timeline.done.toFixed(0)} ms`,
      );
      timelines.push(timeline);
    }
    const m = (pick: (t: Timeline) => number) => `${median(timelines.map(pick)).toFixed(0)} ms`;
    lines.push(
      '## Jobs: from the request to the first progress event',
      '',
      machineLine(),
      '',
      'The demo server (compiled, PGlite, demo seed) as `npm start` runs it, the admin signed in',
      'with a Socket.IO connection open, as the back office has one. Each run calls',
      `\`GET /api${start.path}\` ("${start.program.title}") and times, from the`,
      "moment the request is sent, the HTTP reply with `data.job_id`, the owner's first",
      "`job.progress` event ('running'), the first with a progress above 0 and the last ('done').",
      `Median of ${runs} runs after one unmeasured; load average (1 min) per run: ` +
        `${timelines.map((t) => t.load).join(', ')}.`,
      '',
      '| step | median | runs |',
      '|---|---|---|',
      `| HTTP reply (job row written, pg-boss job sent) | ${m((t) => t.reply)} | ${timelines.map((t) => t.reply.toFixed(0)).join(', ')} |`,
      `| first \`job.progress\` event: 'running' | **${m((t) => t.running)}** | ${timelines.map((t) => t.running.toFixed(0)).join(', ')} |`,
      `| first event with progress above 0 | ${m((t) => t.firstProgress)} | ${timelines.map((t) => t.firstProgress.toFixed(0)).join(', ')} |`,
      `| 'done' | ${m((t) => t.done)} | ${timelines.map((t) => t.done.toFixed(0)).join(', ')} |`,
      '',
    );
  } finally {
    socket.close();
  }
}
