import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, repoRoot } from '@ajar/test-support';

/** The nginx binary on this machine (Debian's package installs /usr/sbin/nginx), or null. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/**
 * The README's nginx example (Deployment, "Two or more servers behind a reverse proxy"), so
 * what the tests and the bench run is what an operator copies: its upstream servers replaced by
 * `upstreams`, its TLS listener by plain HTTP on loopback `port`.
 */
export function readmeNginxConfig(upstreams: string[], port: number): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block || !block.includes('upstream ajar')) {
    throw new Error('README.md has no nginx example with an `upstream ajar` block');
  }
  let replaced = false;
  const config = block
    .split('\n')
    .flatMap((line) => {
      if (/^\s*server\s+[\d.]+:\d+;/.test(line)) {
        if (replaced) return [];
        replaced = true;
        return upstreams.map((u) => `    server ${u};`);
      }
      if (/^\s*listen\s+443/.test(line)) return [`    listen 127.0.0.1:${port};`];
      if (/^\s*server_name\s/.test(line)) return ['    server_name 127.0.0.1;'];
      return [line];
    })
    .join('\n');
  if (!replaced) throw new Error("README.md's nginx example names no upstream server");
  return config;
}

export interface Nginx {
  url: string;
  /** The error log so far (upstream failures are logged there). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with its own prefix in a temp directory (config, logs, pid, temp
 * files), the README's example inside a minimal `http` block. Resolves once it answers.
 */
export async function startNginx(options: {
  upstreams: string[];
  workerProcesses?: number | 'auto';
  workerConnections?: number;
}): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-nginx-'));
  const port = await freePort();
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${user}
worker_processes ${options.workerProcesses ?? 1};
worker_rlimit_nofile 65535;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${options.workerConnections ?? 16384}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${readmeNginxConfig(options.upstreams, port)}
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    ['-p', prefix, '-e', `${prefix}/error.log`, '-c', conf],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      return { url, errorLog, stop };
    } catch {
      await sleep(100);
    }
  }
  const log = errorLog();
  await stop();
  throw new Error(`nginx did not start: ${output}\n${log}`);
}
