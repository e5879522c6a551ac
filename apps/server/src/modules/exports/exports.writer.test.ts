import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRedeems } from '../../db/schema';
import { readSheet } from '../../test/factories/exports';
import { buildMember } from '../../test/factories/participants';
import { buildProgram } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exportRowCount, exportRows, type RedeemExportFilter } from './exports.rows';
import { writeMemberRedeemExport, type ExportWriterMode } from './exports.writer';

const all = (programIds: string[]): RedeemExportFilter => ({
  programIds,
  sort: 'created_at',
  rangeDateType: 'created_at',
  progressStart: 0,
  progressEnd: 100,
  limit: -1,
});

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('export rows and writer', () => {
  let t: TestApp;
  let a: { id: string };
  let b: { id: string };
  const expected: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    a = await buildProgram(t.db, { status: 'publish' });
    b = await buildProgram(t.db, { status: 'publish' });
    const member = await buildMember(t.db);
    // 25 rows over two programs sharing timestamps that differ only in microseconds (a JS Date
    // would round them together) and many exact ties, so keyset pages must cut inside them.
    const values = Array.from({ length: 25 }, (_, i) => ({
      member_id: member.id,
      program_id: i % 3 === 0 ? b.id : a.id,
      license: `K-${String(i).padStart(2, '0')}`,
      progress: i % 5 === 0 ? 100 : 10,
      created_at: sql`${`2025-01-01 10:00:00.${String(100000 + (i % 4)).slice(1)}+00`}::timestamptz`,
    }));
    const rows = await t.db
      .insert(memberRedeems)
      .values(values as never)
      .returning({
        id: memberRedeems.id,
        license: memberRedeems.license,
        key: sql<string>`to_char(${memberRedeems.created_at}, 'US')`,
      });
    expected.push(
      ...rows
        .sort((x, y) => (x.key === y.key ? (x.id < y.id ? -1 : 1) : x.key < y.key ? -1 : 1))
        .map((r) => r.license),
    );
  });
  afterAll(() => t.close());

  it('walks keyset pages across ties and microseconds without losing or repeating a row', async () => {
    for (const pageSize of [1, 2, 3, 7, 2000]) {
      const rows = await collect(exportRows(t.db, all([a.id, b.id]), pageSize));
      expect(
        rows.map((r) => r.license),
        `page ${pageSize}`,
      ).toEqual(expected);
    }
    const complete = await collect(
      exportRows(t.db, { ...all([a.id, b.id]), progressStart: 100 }, 2),
    );
    expect(complete.map((r) => r.license)).toEqual(
      ['K-00', 'K-05', 'K-10', 'K-15', 'K-20'].sort(
        (x, y) => expected.indexOf(x) - expected.indexOf(y),
      ),
    );
  });

  it('counts in SQL the rows the walk yields, whatever the filter, stopping at atMost', async () => {
    const ids = [a.id, b.id];
    const filters: RedeemExportFilter[] = [
      all(ids),
      { ...all(ids), progressStart: 100 },
      { ...all(ids), progressEnd: 10 },
      { ...all(ids), sort: 'end_test_at', rangeDateType: 'end_test_at' },
      { ...all(ids), sort: 'end_test_at', rangeDateType: 'end_test_at', startDate: '2024-01-01' },
      { ...all(ids), startDate: '2025-01-01', endDate: '2025-01-01' },
      { ...all(ids), startDate: '2025-01-02' },
      { ...all(ids), limit: 3 },
      { ...all([b.id]), progressEnd: 10 },
    ];
    const counts: number[] = [];
    for (const filter of filters) {
      const rows = (await collect(exportRows(t.db, filter))).length;
      expect(await exportRowCount(t.db, filter), JSON.stringify(filter)).toBe(rows);
      expect(await exportRowCount(t.db, filter, 4), JSON.stringify(filter)).toBe(Math.min(4, rows));
      counts.push(rows);
    }
    // The filters above do select different numbers of rows (the check is not vacuous).
    expect(counts).toEqual([25, 5, 20, 25, 0, 25, 0, 3, 7]);
  });

  it('writes the same workbook with the streaming and the in-memory writer', async () => {
    const read = async (mode: ExportWriterMode, kind: 'member_redeem' | 'member_redeem_epm') => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise((resolve) => out.on('end', resolve));
      const { rows } = await writeMemberRedeemExport({ db: t.db }, all([a.id, b.id]), out, {
        kind,
        mode,
      });
      if (!out.writableEnded) out.end();
      await done;
      expect(rows).toBe(25);
      return readSheet(Buffer.concat(chunks));
    };
    for (const kind of ['member_redeem', 'member_redeem_epm'] as const) {
      const streamed = await read('stream', kind);
      const inMemory = await read('memory', kind);
      expect(streamed).toHaveLength(26);
      expect(streamed.slice(1).map((r) => r[1])).toEqual(expected);
      expect(inMemory).toEqual(streamed);
    }
  });
});
