import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateContent } from './certificate-pdf';
import { CertificatePdfPool } from './certificate-pdf-pool';

function content(i: number): CertificateContent {
  const number = `AJR-2026-11-POOL${String(i).padStart(4, '0')}`;
  return {
    kind: 'graduation',
    number,
    fullname: `Peserta Nomor ${i}`,
    programTitle: `Kelas Uji ${i}`,
    programMinutes: 0,
    competences: ['Menguji'],
    isPrakerja: i % 2 === 0,
    date: new Date('2026-11-20T03:00:00Z'),
    validUntil: null,
    verifyUrl: `https://ajar.contoh.id/verifikasi/${number}`,
  };
}

// pdfkit writes the document's info (its Subject: the program title) as a plain string object.
const subjectOf = (pdf: Buffer) => /\((Kelas Uji \d+)\)/.exec(pdf.toString('latin1'))?.[1];

describe('CertificatePdfPool', () => {
  let pool: CertificatePdfPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('renders on at most `threads` workers, each request its own PDF, then ends them when idle', async () => {
    pool = new CertificatePdfPool({ threads: 2, idleMs: 100 });
    expect(pool.workerCount).toBe(0); // nothing starts before the first render
    expect(pool.inFlightLimit).toBe(4);
    const items = Array.from({ length: 9 }, (_, i) => content(i));
    const rendering = items.map((item) => pool!.render(item));
    expect(pool.workerCount).toBe(2);
    const pdfs = await Promise.all(rendering);
    expect(pdfs.map((pdf) => pdf.subarray(0, 4).toString())).toEqual(items.map(() => '%PDF'));
    expect(pdfs.map(subjectOf)).toEqual(items.map((item) => item.programTitle));
    await vi.waitFor(() => expect(pool!.workerCount).toBe(0), { timeout: 5000, interval: 50 });
    // Started again on the next render.
    expect(subjectOf(await pool.render(content(42)))).toBe('Kelas Uji 42');
  });

  it("rejects a failed render with the worker's error and stays usable", async () => {
    pool = new CertificatePdfPool({ threads: 1, idleMs: 1000 });
    const broken = { ...content(1), competences: null as unknown as string[] };
    const [bad, good] = await Promise.allSettled([pool.render(broken), pool.render(content(2))]);
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/null/);
    expect(good.status).toBe('fulfilled');
    expect(subjectOf(await pool.render(content(3)))).toBe('Kelas Uji 3');
    expect(pool.workerCount).toBe(1);
  });

  it('refuses work once closed', async () => {
    pool = new CertificatePdfPool({ threads: 1 });
    await pool.render(content(1));
    await pool.close();
    expect(pool.workerCount).toBe(0);
    await expect(pool.render(content(2))).rejects.toThrow('closed');
  });
});
