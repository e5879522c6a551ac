import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateEntryName } from '@ajar/shared/certificates/certificates.rules';
import type { CertificateContent } from '../../lib/certificate-pdf';
import { CertificatePdfPool } from '../../lib/certificate-pdf-pool';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram } from '../../test/factories/programs';
import { buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as repo from './certificates.repository';
import { programZip, type ZipRenderer } from './certificates.service';

/** The zip's entry names in the order they were written (unzip lists them so). */
function entriesOf(zip: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-zip-'));
  try {
    const file = path.join(dir, 'all.zip');
    fs.writeFileSync(file, zip);
    return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('programZip on the PDF worker pool', () => {
  let t: TestApp;
  let viewer: { id: string; role: 'superadmin' };
  /** 105 participants (two pages), and 8 for the zips that stop early. */
  let programId: string;
  let expected: string[];
  let smallId: string;
  let smallExpected: string[];
  const pool = new CertificatePdfPool({ threads: 2, idleMs: 200 });

  beforeAll(async () => {
    t = await createTestApp();
    viewer = { id: (await buildUser(t.db, { role: 'superadmin' })).id, role: 'superadmin' };
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Zip' });
    programId = program.id;
    // More than one page of 100, so the zip reads a second page while PDFs are pending.
    expected = await participants(programId, 105);
    smallId = (await buildProgram(t.db, { status: 'publish', title: 'Kelas Kecil' })).id;
    smallExpected = await participants(smallId, 8);
  });
  afterAll(async () => {
    await pool.close();
    await t.close();
  });

  /** `count` started participants of the program; answers their entry names in zip order. */
  async function participants(id: string, count: number) {
    for (let i = 0; i < count; i += 1) {
      const member = await buildMember(t.db, { fullname: `Peserta ${i}` });
      await buildRedeem(t.db, id, {
        memberId: member.id,
        license: `AJR-${id.slice(0, 4)}-${String(i).padStart(3, '0')}`,
        start_test_at: new Date(),
      });
    }
    const rows = await repo.eligiblePage(t.db, id, 'participant', null, 1000);
    return rows.map((r) => certificateEntryName(r.fullname, r.license));
  }

  const zipOf = (id: string, render: ZipRenderer, onError: (error: unknown) => void) =>
    programZip(t.db, viewer, id, 'participant', 'https://a.id', render, onError);

  /** The zip made with `render`; rejects with the error the zip reports. */
  async function zipWith(render: ZipRenderer, id = programId): Promise<Buffer> {
    let failure: unknown = null;
    const zip = await zipOf(id, render, (e) => {
      failure = e;
    });
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    // As the job does: a failed zip ends early, and its cause is what the zip reports.
    await pipeline(zip.stream, collect).catch((error: unknown) => {
      throw failure ?? error;
    });
    if (failure) throw failure as Error;
    return Buffer.concat(chunks);
  }

  /** The pool's PDFs, finished in a shuffled order and counted while pending. */
  function shuffled(broken?: string) {
    const seen: string[] = [];
    let pending = 0;
    let peak = 0;
    const render: ZipRenderer = {
      inFlightLimit: pool.inFlightLimit,
      render: async (c: CertificateContent) => {
        seen.push(c.fullname);
        pending += 1;
        peak = Math.max(peak, pending);
        try {
          const wrong = c.fullname === broken ? { competences: null as unknown as string[] } : {};
          const pdf = await pool.render({ ...c, ...wrong });
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
          return pdf;
        } finally {
          pending -= 1;
        }
      },
    };
    return { render, seen, peak: () => peak };
  }

  it(
    'writes every certificate once, in the order read, with few PDFs in flight',
    { timeout: 90_000 },
    async () => {
      const { render, seen, peak } = shuffled();
      const entries = entriesOf(await zipWith(render));
      expect(entries).toEqual(expected);
      expect(seen).toHaveLength(105);
      expect(peak()).toBeLessThanOrEqual(pool.inFlightLimit);
      expect(peak()).toBeGreaterThan(1);
    },
  );

  it("rejects the zip with a render's error, and the pool makes the next zip", async () => {
    const { render } = shuffled('Peserta 5');
    await expect(zipWith(render, smallId)).rejects.toThrow(/null/);
    expect(entriesOf(await zipWith(pool, smallId))).toEqual(smallExpected);
  });

  it('stops quietly when aborted, and the pool makes the next zip', async () => {
    let failure: unknown = null;
    const zip = await zipOf(smallId, pool, (e) => {
      failure = e;
    });
    let entries = 0;
    zip.stream.on('entry', () => {
      entries += 1;
      if (entries === 3) zip.abort();
    });
    zip.stream.resume();
    // It ends (a premature close, or an end when the archive was idle), never finalized.
    await finished(zip.stream).catch(() => undefined);
    expect(failure).toBeNull();
    expect(entries).toBe(3);
    expect(pool.workerCount).toBeGreaterThan(0); // the pool's workers were not ended
    expect(entriesOf(await zipWith(pool, smallId))).toEqual(smallExpected);
  });
});
