import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '@ajar/test-support';
import { openDatabase } from '../src/db/client';
import {
  firstStudy,
  login,
  note,
  startWorkload,
  createProgram,
  dataOf,
} from './support/fault-workload';
import { staffLogin } from './support/http';
import { startServerProcess, systemAdmin } from './support/server-process';

/**
 * The backup drill (docs/decisions.md, "Backups"): an embedded installation backed up by
 * `npm run backup` while writes and uploads run, wiped, restored by `npm run restore` into a new
 * DATA_DIR, compared table by table and file by file, and started again.
 */

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-backup-drill-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` as an operator runs them, with this installation's env. */
const script = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(repoRoot, 'scripts/backup.mjs'), ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      NODE_ENV: 'production',
      // The installation's configuration, which production requires whole.
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ...env,
    },
    timeout: 120_000,
  });

/** Every table of the application (and drizzle's migrations): its row count and a hash of its rows. */
async function tableDigests(dataDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const tables = (await database.db.execute(
      sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const digests: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const [schema, table] = name.split('.');
      const result = (await database.db.execute(
        sql.raw(
          `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${schema}"."${table}" t`,
        ),
      )) as unknown as { rows: { n: number; h: string }[] };
      digests[name] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
    }
    return digests;
  } finally {
    await database.close();
  }
}

/** Every file under DATA_DIR/media with its SHA-256. */
function mediaDigests(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'media');
  const out: Record<string, string> = {};
  if (!fs.existsSync(root)) return out;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full)] = createHash('sha256')
      .update(fs.readFileSync(full))
      .digest('hex');
  }
  return out;
}

it('backs up a running embedded server under load, restores into a new DATA_DIR, and it starts', async () => {
  const dataDir = path.join(work, 'data');
  const server = await startServerProcess({ env: { DATA_DIR: dataDir }, name: 'backup-source' });
  cleanups.push(() => server.kill());
  const env = { DATA_DIR: dataDir, PORT: String(server.port), PUBLIC_URL: server.url };

  // The control route answers only the token of DATA_DIR/backup-token, and not through a proxy.
  const backupToken = fs.readFileSync(path.join(dataDir, 'backup-token'), 'utf8');
  const ask = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/internal/backup`, { headers }).then((res) => res.status);
  expect(await ask({ 'x-ajar-backup-token': 'bukan-token' })).toBe(404);
  expect(await ask({ 'x-ajar-backup-token': backupToken, 'x-forwarded-for': '203.0.113.9' })).toBe(
    404,
  );

  const token = await login(server.url);
  const study = await firstStudy(server.url, token);
  const program = dataOf<{ id: string }>(
    await createProgram(server.url, token, study, 'Program cadangan'),
  );
  const workload = startWorkload(
    server.url,
    token,
    { study, programId: program.id },
    {
      writers: 2,
      uploaders: 1,
    },
  );
  // Writes and at least one upload are in before the backup starts, and go on while it runs.
  await expect
    .poll(() => workload.acknowledged.uploads.length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const underLoad = path.join(work, 'under-load.tar.gz');
  const programsBefore = workload.acknowledged.programs.length;
  const started = Date.now();
  const first = await script(['backup', underLoad], env);
  note(`backup under load: ${Date.now() - started} ms, ${fs.statSync(underLoad).size} bytes`);
  expect(first.stdout).toContain('lewat server yang berjalan');
  const programsAfter = workload.acknowledged.programs.length;
  await workload.stop();
  expect(programsAfter).toBeGreaterThan(programsBefore); // the writes went on during the backup

  // Quiet now: a second backup, then the server stops and its data is measured and wiped.
  const quiet = path.join(work, 'quiet.tar.gz');
  await script(['backup', quiet], env);
  expect(await server.stop()).toBe(0);
  const tablesBefore = await tableDigests(dataDir);
  const mediaBefore = mediaDigests(dataDir);
  expect(Object.keys(mediaBefore).length).toBeGreaterThan(0);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const restored = path.join(work, 'restored');
  await script(['restore', quiet], { DATA_DIR: restored });
  expect(await tableDigests(restored)).toEqual(tablesBefore);
  expect(mediaDigests(restored)).toEqual(mediaBefore);

  // A DATA_DIR that is not empty is refused, untouched.
  const refused = await script(['restore', quiet], { DATA_DIR: restored }).then(
    () => undefined,
    (err: { code: number; stderr: string }) => err,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain('tidak kosong');

  // The backup taken under load restores and serves: the account signs in, the rows acknowledged
  // before it began are there.
  const fromLoad = path.join(work, 'restored-under-load');
  await script(['restore', underLoad], { DATA_DIR: fromLoad });
  const restoredDb = await openDatabase({ kind: 'pglite', dataDir: path.join(fromLoad, 'db') });
  const titles = new Set(
    (
      (await restoredDb.db.execute(sql`select title from programs`)) as unknown as {
        rows: { title: string }[];
      }
    ).rows.map((row) => row.title),
  );
  await restoredDb.close();
  for (const { title } of workload.acknowledged.programs.slice(0, programsBefore)) {
    expect(titles.has(title), title).toBe(true);
  }
  // No ADMIN_* here: the account must come from the backup, not be made again at start.
  const again = await startServerProcess({
    env: { DATA_DIR: fromLoad, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    name: 'backup-restored',
  });
  cleanups.push(() => again.kill());
  expect(await staffLogin(again.url, systemAdmin)).toMatch(/.+/);
  expect(await again.stop()).toBe(0);
});
