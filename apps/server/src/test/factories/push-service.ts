import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The configuration an app needs to push to the fake service: its host on the allow-list and
 * loopback addresses allowed (production refuses both, lib/push-endpoint.ts).
 */
export const fakePushServiceEnv = {
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
} as const;

export interface FakePushService {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

/**
 * A local https push service (web-push only speaks https): answers each path with the status of
 * `statusFor(path)` and records what arrived. Its self-signed certificate is made with openssl
 * and trusted through the global https agent of this test worker only.
 */
export async function startPushService(
  statusFor: (path: string) => number,
): Promise<FakePushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = fs.readFileSync(keyFile);
  const cert = fs.readFileSync(certFile);
  fs.rmSync(dir, { recursive: true, force: true });
  https.globalAgent.options.ca = cert;

  const received: ReceivedPush[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor(url);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
