import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '@ajar/shared/media/media.constants';
import { buildActivity } from '../../test/factories/activities';
import { pdfWithJavaScriptInStreamData, pdfWithXfaScript } from '../../test/factories/crafted-pdfs';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes, pngBytes } from '../../test/factories/media-bytes';
import { joinProgram } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const withJavaScript = pdfBytes('Materi', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>');

/**
 * A PDF with active content is refused by the media library and by practice work, and
 * the library serves PDFs inline only inside a CSP sandbox.
 */
describe('PDF uploads', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(() => t.close());

  const uploadMedia = (data: Buffer) => {
    const body = multipartBody([{ name: 'file', filename: 'materi.pdf', data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/storage/v1/media/company/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };

  it('the media library refuses a PDF with JavaScript (415) and stores nothing', async () => {
    const refused = await uploadMedia(withJavaScript);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ status: 415, message: mediaMessages.pdfActiveContent });
    const launch = await uploadMedia(pdfBytes('Materi', '/OpenAction << /S /Launch /F (x) >>'));
    expect(launch.statusCode).toBe(415);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/storage/v1/media/company/list?type=pdf',
      headers: admin,
    });
    expect(list.json().data.list).toEqual([]);
  });

  it('serves a plain PDF inline inside a CSP sandbox; other media keep the app policy', async () => {
    const res = await uploadMedia(pdfBytes());
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(file.headers['content-security-policy']);
    expect(csp.split(/;\s*/)).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'"]),
    );
    // A range request (the viewer reads pages on demand) carries the same policy.
    const part = await t.app.inject({
      method: 'GET',
      url: res.json().data.url,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-security-policy']).toBe(file.headers['content-security-policy']);

    const image = await uploadMedia(pngBytes());
    const shown = await t.app.inject({ method: 'GET', url: image.json().data.url });
    expect(shown.headers['content-security-policy']).not.toContain('sandbox');
  });

  it('practice work refuses a PDF with JavaScript (415) and accepts a plain one', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const practice = await buildActivity(t.db, topic!, { type: 'praktek_mandiri' });
    const { member } = await joinProgram(t.app, program.id);
    const upload = (data: Buffer) => {
      const body = multipartBody([{ name: 'file', filename: 'tugas.pdf', data }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/member/v1/program/${program.id}/activity/${practice.id}/upload`,
        headers: { ...member.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const refused = await upload(withJavaScript);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ status: 415, message: mediaMessages.pdfActiveContent });
    for (const crafted of [pdfWithJavaScriptInStreamData(), pdfWithXfaScript()]) {
      const hidden = await upload(crafted);
      expect(hidden.statusCode).toBe(415);
      expect(hidden.json().message).toBe(mediaMessages.pdfActiveContent);
    }
    expect((await upload(pdfBytes('Tugas saya'))).statusCode).toBe(200);
  });

  it('the media library refuses JavaScript hidden in stream data and XFA forms', async () => {
    for (const crafted of [pdfWithJavaScriptInStreamData(), pdfWithXfaScript()]) {
      const refused = await uploadMedia(crafted);
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({ status: 415, message: mediaMessages.pdfActiveContent });
    }
  });
});
