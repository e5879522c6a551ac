import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mp4Bytes } from '../../src/test/factories/media-bytes';
import { programBody } from '../../src/test/factories/programs';
import { systemAdmin } from './server-process';

/** A figure of a fault run (recovery times, counts), printed with the test output. */
export function note(line: string): void {
  process.stdout.write(`[faults] ${line}\n`);
}

/** One HTTP answer, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/** A JSON call to a server; network failures reject (the caller decides what they mean). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** `data` of an envelope answer, typed by the caller. */
export const dataOf = <T>(answer: Answer) => (answer.json as { data: T }).data;

/** Signs in as the system-test superadmin; the session token. */
export async function login(baseUrl: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/admin/v1/login', { body: systemAdmin });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text}`);
  return dataOf<{ token: string }>(answer).token;
}

export async function firstStudy(baseUrl: string, token: string) {
  const answer = await call(baseUrl, 'GET', '/api/study/v1/list?limit=-1', { token });
  const study = dataOf<{ list: { id: string; title: string }[] }>(answer).list[0];
  if (!study) throw new Error(`no study field: ${answer.text}`);
  return study;
}

export async function createProgram(
  baseUrl: string,
  token: string,
  study: { id: string; title: string },
  title: string,
): Promise<Answer> {
  return call(baseUrl, 'POST', '/api/program/v1/company/create', {
    token,
    body: programBody(study, { title }),
  });
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A multipart upload of `file` sent in small slices with pauses, so a crash can land in the
 * middle of its body. Resolves with the answer, rejects when the connection breaks.
 */
export function slowUpload(
  baseUrl: string,
  token: string,
  file: Buffer,
  progress: { sent: number },
): Promise<Answer> {
  const boundary = `----fault${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nUji crash\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/storage/v1/media/company/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const headers = new Headers();
        resolve({ status: res.statusCode ?? 0, headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      const slice = 128 * 1024;
      for (let offset = 0; offset < body.length; offset += slice) {
        if (req.destroyed) return;
        req.write(body.subarray(offset, offset + slice));
        progress.sent = Math.min(body.length, offset + slice);
        await sleep(4);
      }
      req.end();
    })();
  });
}

/** What the workload saw acknowledged (a 2xx answer) before the crash. */
export interface Acknowledged {
  programs: { id: string; title: string }[];
  topics: { id: string; name: string; programId: string }[];
  uploads: { id: string; size: number; hash: string }[];
  /** Hashes of every file sent, acknowledged or not: whatever the server serves must be one. */
  sentHashes: Set<string>;
}

export interface Workload {
  acknowledged: Acknowledged;
  /** Bytes sent of each upload still in flight. */
  inFlightUploads(): number[];
  /** Stops the loops and waits for them (their calls fail once the server is gone). */
  stop(): Promise<void>;
}

/**
 * Concurrent writers (programs, and topics in one program) and uploaders (2–3 MB mp4 files) in
 * closed loops against one server, recording only what the server answered with 2xx.
 */
export function startWorkload(
  baseUrl: string,
  token: string,
  setup: { study: { id: string; title: string }; programId: string },
  sizes = { writers: 8, uploaders: 4 },
): Workload {
  const acknowledged: Acknowledged = {
    programs: [],
    topics: [],
    uploads: [],
    sentHashes: new Set(),
  };
  const inFlight = new Set<{ sent: number }>();
  let running = true;

  const writer = async (n: number) => {
    for (let i = 0; running; i += 1) {
      try {
        if (i % 2 === 0) {
          const title = `Program crash ${n}-${i} ${randomUUID().slice(0, 8)}`;
          const answer = await createProgram(baseUrl, token, setup.study, title);
          if (answer.status >= 200 && answer.status < 300) {
            acknowledged.programs.push({ id: dataOf<{ id: string }>(answer).id, title });
          }
        } else {
          const name = `Topik crash ${n}-${i}`;
          const answer = await call(baseUrl, 'POST', '/api/topic/v1/create', {
            token,
            body: { name, program_id: setup.programId },
          });
          if (answer.status >= 200 && answer.status < 300) {
            acknowledged.topics.push({
              id: dataOf<{ id: string }>(answer).id,
              name,
              programId: setup.programId,
            });
          }
        }
      } catch {
        return; // the server is gone
      }
    }
  };

  const uploader = async () => {
    while (running) {
      const file = Buffer.concat([mp4Bytes(2 * 1024 * 1024 + randomBytes(1)[0]! * 4096)]);
      const hash = sha256(file);
      acknowledged.sentHashes.add(hash);
      const progress = { sent: 0 };
      inFlight.add(progress);
      try {
        const answer = await slowUpload(baseUrl, token, file, progress);
        if (answer.status >= 200 && answer.status < 300) {
          acknowledged.uploads.push({
            id: dataOf<{ id: string }>(answer).id,
            size: file.length,
            hash,
          });
        }
      } catch {
        return;
      } finally {
        inFlight.delete(progress);
      }
    }
  };

  const loops = [
    ...Array.from({ length: sizes.writers }, (_, n) => writer(n)),
    ...Array.from({ length: sizes.uploaders }, () => uploader()),
  ];
  return {
    acknowledged,
    inFlightUploads: () => [...inFlight].map((p) => p.sent),
    async stop() {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}
