import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRedeem } from '../../test/factories/participants';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { downloadMessages } from './downloads.routes';

type Headers = { authorization: string };

/**
 * A download link is for the staff member who asked for it. It is used up by its first
 * download, and a signed-in other staff member is refused without using it up.
 */
describe('download links are single-use and bound to their owner', () => {
  let t: TestApp;
  let owner: Headers;
  let other: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedIn(t.db, 'admin')).headers;
    other = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(() => t.close());

  /** A fresh participants export asked for by `headers`: its link. */
  async function exportLink(headers: Headers): Promise<string> {
    const program = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, program.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem?limit=-1',
      headers,
      payload: { id: [program.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.public_url as string;
  }

  const open = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the file once; the link is then used up, whoever opens it', async () => {
    const url = await exportLink(owner);
    // The browser opens it as a plain link: no bearer token.
    expect((await open(url)).statusCode).toBe(200);
    for (const headers of [{}, owner, other]) {
      const again = await open(url, headers);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ status: 410, message: downloadMessages.used });
    }
  });

  it("refuses another staff member's session without using the link up", async () => {
    const url = await exportLink(owner);
    const foreign = await open(url, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ status: 403, message: downloadMessages.notYours });
    expect(foreign.headers['content-disposition']).toBeUndefined();
    // The owner, with or without the session, still gets the file.
    expect((await open(url, owner)).statusCode).toBe(200);
  });

  it('answers a browser that navigates to a used link with a page that says why', async () => {
    const url = await exportLink(owner);
    expect((await open(url)).statusCode).toBe(200);
    const page = await open(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(downloadMessages.used);
    expect(page.body).toContain('lang="id"');
    const unknown = await open(`/api/download/${'A'.repeat(43)}`, { accept: 'text/html' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(downloadMessages.notFound);
  });

  it('a HEAD request does not use the link up', async () => {
    const url = await exportLink(owner);
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).not.toBe(200);
    expect((await open(url)).statusCode).toBe(200);
  });

  it('parallel openings of one link serve it once', async () => {
    const url = await exportLink(owner);
    const codes = (await Promise.all([open(url), open(url), open(url)])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 410, 410]);
  });
});
