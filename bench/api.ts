import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { LoadResult } from './load';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs the load in a worker thread against a loopback URL. */
export function loadInWorker(options: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(here, 'load-worker-boot.mjs'), { workerData: options });
    worker.once('message', (r: LoadResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A bare Node http server answering the same paths with the same database reads. */
export async function bareServer(
  handlers: Record<string, (req: http.IncomingMessage) => Promise<unknown>>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const handler = handlers[(req.url ?? '').split('?')[0] ?? ''];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    handler(req).then(
      (data) => {
        const body = JSON.stringify({ status: 200, message: 'success', data });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
