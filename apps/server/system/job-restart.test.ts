import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { certificates, memberRedeems } from '../src/db/schema';
import { call, errorLines, staffLogin } from './support/http';
import {
  isPdf,
  queueRows,
  seedCertificateProgram,
  startCertificateZip,
  unzipEntries,
  waitForJob,
} from './support/jobs';
import {
  createPgDatabase,
  startServerProcess,
  systemAdmin,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * A job survives its server: kill -9 in the middle of a certificate zip, start the
 * server again on the same database and data directory, and the job finishes, the zip holding
 * every certificate once.
 */

/** Participants with a certificate: a zip of a few seconds at ~20 PDFs a second. */
const participants = 40;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A figure of the run, printed with the test output. */
const note = (line: string) => process.stdout.write(`[job-restart] ${line}\n`);

it('finishes a certificate zip whose server was killed, every certificate once', async () => {
  const pgDb: PgDatabase = await createPgDatabase('ajar_jobkill');
  cleanups.push(() => pgDb.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-jobkill-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: pgDb.url, DATA_DIR: dataDir };

  const first: ServerProcess = await startServerProcess({ env, name: 'zip-killed' });
  cleanups.push(() => first.kill());
  const database: Database = await openDatabase({ kind: 'postgres', url: pgDb.url });
  cleanups.push(() => database.close());
  const token = await staffLogin(first.url, systemAdmin);
  const { program, entries } = await seedCertificateProgram(database.db, participants, 'kill');

  const jobId = await startCertificateZip(first.url, token, program.id);
  const midway = await waitForJob(
    first.url,
    token,
    jobId,
    (job) => job.status === 'running' && job.progress > 0,
    30_000,
  );
  expect(midway.progress).toBeLessThan(100);
  await first.kill();
  const killedAt = Date.now();
  // The killed server held the job: pg-boss still has it active, on nobody's behalf.
  expect(await queueRows(pgDb.url, jobId)).toEqual([{ state: 'active', retry_count: 0 }]);

  const second = await startServerProcess({ env, name: 'zip-restarted' });
  const restartSeconds = (Date.now() - killedAt) / 1000;
  cleanups.push(() => second.stop());
  const done = await waitForJob(second.url, token, jobId, (job) => job.status === 'done', 60_000);
  const doneSeconds = (Date.now() - killedAt) / 1000;
  note(
    `killed at ${midway.progress}%; the server up again ${restartSeconds.toFixed(1)} s later,` +
      ` the zip done ${doneSeconds.toFixed(1)} s after the kill`,
  );
  expect(done).toMatchObject({ kind: 'certificate_zip', progress: 100, message: null });
  // One attempt lost with its server (its heartbeat stopped), then one that completed.
  expect(await queueRows(pgDb.url, jobId)).toEqual([{ state: 'completed', retry_count: 1 }]);

  const link = new URL(done.public_url!, second.url);
  const file = await call(second.url, 'GET', link.pathname + link.search);
  expect(file.status, file.text.slice(0, 300)).toBe(200);
  const zip = unzipEntries(file.bytes);
  // Every participant's certificate, each once, each a whole PDF.
  expect(zip.names).toHaveLength(participants);
  expect([...zip.names].sort()).toEqual(entries);
  for (const name of zip.names) expect(isPdf(zip.read(name)), name).toBe(true);

  // The retried attempt reused the numbers the killed one issued: one certificate each.
  const issued = await database.db
    .select({ kind: certificates.kind, n: count() })
    .from(certificates)
    .innerJoin(memberRedeems, eq(memberRedeems.id, certificates.member_redeem_id))
    .where(eq(memberRedeems.program_id, program.id))
    .groupBy(certificates.kind);
  expect(issued).toEqual([{ kind: 'participant', n: participants }]);

  expect(errorLines(second.logs()), second.logs()).toEqual([]);
});
