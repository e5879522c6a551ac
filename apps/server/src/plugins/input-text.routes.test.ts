import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '@ajar/shared/common/text';
import { importPaths } from '@ajar/shared/imports/imports.constants';
import { activities, media } from '../db/schema';
import { buildActivity, buildProgramWithTopics } from '../test/factories/activities';
import { uniqueAddress } from '../test/factories/auth';
import { multipartBody, xlsxBytes, type FormPart } from '../test/factories/media';
import { pngBytes } from '../test/factories/media-bytes';
import { joinProgram, registerMember } from '../test/factories/members';
import { buildProgram, buildStudy, buildTopics, programBody } from '../test/factories/programs';
import { signedIn } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';

const bad = textMessages.invalidCharacter;
/** The 400 of DESIGN §3 with the one message on `field`. */
const refused = (field: string) => ({
  status: 400,
  message: 'error validation',
  validation: { [field]: bad },
});

/**
 * NUL and lone surrogates answered 500 on PostgreSQL. Run on both API projects
 * (`--project api-postgres` is where they failed).
 */
describe('NUL and lone surrogates in input', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let trainer: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'superadmin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const mediaCount = async () => (await t.db.select({ n: count() }).from(media))[0]!.n;

  describe('query', () => {
    it("GET /api/program/v1/company/list?q=%00 as a trainer (the review's example)", async () => {
      for (const q of ['%00', 'a%00b', 'Digital%00']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/program/v1/company/list?q=${q}`,
          headers: trainer,
        });
        expect(res.statusCode, q).toBe(400);
        expect(res.json()).toEqual(refused('q'));
      }
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/program/v1/company/list?q=Digital',
        headers: trainer,
      });
      expect(ok.statusCode).toBe(200);
    });

    it('other lists and a lone surrogate sent as broken UTF-8 answer below 500', async () => {
      for (const url of [
        '/api/storage/v1/media/company/list?q=%00',
        '/api/reseller/v1/list?q=%00',
        '/api/program/v1/company/list?q=%ED%A0%80',
        '/api/program/v1/company/list?q=%F0%9F%98',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: admin });
        expect(res.statusCode, url).toBeLessThan(500);
      }
    });
  });

  describe('JSON body', () => {
    it('refuses a NUL in a field, nested fields, and object keys, naming the field', async () => {
      const study = await buildStudy(t.db);
      const create = (payload: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/api/program/v1/company/create',
          headers: admin,
          payload: payload as object,
        });
      const base = programBody(study);
      expect((await create({ ...base, title: 'Judul\u0000' })).json()).toEqual(refused('title'));
      const nested = await create({
        ...base,
        learning_targets: { ...base.learning_targets, competence: ['Satu', 'Du\u0000a'] },
      });
      expect(nested.json()).toEqual(refused('learning_targets.competence.1'));
      const key = await create({
        ...base,
        program_information: { ...base.program_information, 'x\u0000': 1 },
      });
      expect(key.json()).toEqual(refused('program_information'));
      // The same body without the character is accepted.
      expect((await create({ ...base, title: 'Judul' })).statusCode).toBe(200);
    });

    it('refuses a lone surrogate written as a JSON escape', async () => {
      for (const escape of ['\\ud800', '\\udfff', 'a\\ud83d', '\\ude00\\ud83d']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/program/v1/company/create',
          headers: { ...admin, 'content-type': 'application/json' },
          payload: `{"title":"${escape}"}`,
        });
        expect(res.statusCode, escape).toBe(400);
        expect(res.json()).toEqual(refused('title'));
      }
      // A valid pair is an ordinary character.
      const study = await buildStudy(t.db);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/program/v1/company/create',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...programBody(study), title: 'Kelas 😀' }),
      });
      expect(ok.statusCode).toBe(200);
    });

    it('covers the public sign-in and the member API', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admin/v1/login',
        payload: { email: 'admin@ajar.test', password: 'Rahasia\u0000123' },
        remoteAddress: uniqueAddress(),
      });
      expect(login.json()).toEqual(refused('password'));
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/member/v1/register',
        payload: {
          fullname: 'Siti\u0000',
          email: 'siti.nul@contoh.id',
          phone: '6281234500001',
          password: 'Rahasia123',
          consent: true,
        },
      });
      expect(register.json()).toEqual(refused('fullname'));
      const m = await registerMember(t.app);
      const redeem = await t.app.inject({
        method: 'POST',
        url: '/api/member/v1/redeem',
        headers: m.headers,
        payload: { license: 'AJR-\uD800', pmo_code: 'PMO1' },
      });
      expect(redeem.json()).toEqual(refused('license'));
    });
  });

  describe('path', () => {
    it('refuses a NUL in a path parameter, naming the parameter', async () => {
      const verify = await t.app.inject({
        method: 'GET',
        url: '/api/certificate/v1/verify/AB%00CD',
      });
      expect(verify.json()).toEqual(refused('number'));
      const detail = await t.app.inject({
        method: 'GET',
        url: '/api/program/v1/company/detail/%00',
        headers: admin,
      });
      expect(detail.json()).toEqual(refused('id'));
      const { program, topics } = await buildProgramWithTopics(t.db);
      const activity = await buildActivity(t.db, topics[0]!);
      const member = await t.app.inject({
        method: 'GET',
        url: `/api/member/v1/program/${program.id}/activity/${activity.id}%00/show`,
        headers: (await registerMember(t.app)).headers,
      });
      expect(member.statusCode).toBeLessThan(500);
    });

    it('refuses it in paths no route declares: unknown API paths, media and the web app', async () => {
      for (const url of ['/api/tidak-ada/%00', '/media/2025/01/%00.png', '/program/%00', '/%00']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().validation, url).toBeDefined();
      }
    });
  });

  describe('multipart', () => {
    const upload = (
      url: string,
      parts: FormPart[],
      headers: Record<string, string>,
      method: 'POST' | 'PUT' = 'POST',
    ) => {
      const body = multipartBody(parts);
      return t.app.inject({
        method,
        url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };

    it('media upload: a NUL in the file name or a field is refused and nothing is stored', async () => {
      const before = await mediaCount();
      const url = '/api/storage/v1/media/company/upload';
      const name = await upload(
        url,
        [{ name: 'file', filename: 'foto\u0000.png', data: pngBytes() }],
        admin,
      );
      expect(name.json()).toEqual(refused('file'));
      const title = await upload(
        url,
        [
          { name: 'title', value: 'Sampul\u0000' },
          { name: 'file', filename: 'foto.png', data: pngBytes() },
        ],
        admin,
      );
      expect(title.json()).toEqual(refused('title'));
      expect(await mediaCount()).toBe(before);
      const ok = await upload(
        url,
        [{ name: 'file', filename: 'foto.png', data: pngBytes() }],
        admin,
      );
      expect(ok.statusCode).toBe(200);
    });

    it('activity form: the JSON payload field and the file name follow the rule, before or after the file', async () => {
      const { program, topics } = await buildProgramWithTopics(t.db);
      const url = `/api/v1/activity/${program.id}/${topics[0]!.id}/create`;
      const payload = JSON.stringify({ name: 'Video\u0000', type: 'menonton_video' });
      const activityCount = async () => (await t.db.select({ n: count() }).from(activities))[0]!.n;
      const before = { media: await mediaCount(), activities: await activityCount() };
      for (const parts of [
        [{ name: 'payload', value: payload }],
        [
          { name: 'file', filename: 'video.png', data: pngBytes() },
          { name: 'payload', value: payload },
        ],
      ] satisfies FormPart[][]) {
        const res = await upload(url, parts, admin);
        expect(res.json()).toEqual(refused('name'));
      }
      const file = await upload(
        url,
        [
          { name: 'payload', value: JSON.stringify({ name: 'Video', type: 'menonton_video' }) },
          { name: 'file', filename: 'v\u0000.mp4', data: pngBytes() },
        ],
        admin,
      );
      expect(file.json()).toEqual(refused('file'));
      expect(await mediaCount()).toBe(before.media);
      expect(await activityCount()).toBe(before.activities);
    });

    it('member practice work: the note and the file name follow the rule', async () => {
      const program = await buildProgram(t.db, { status: 'publish' });
      const [topic] = await buildTopics(t.db, program.id, 1);
      const practice = await buildActivity(t.db, topic!, { type: 'praktek_mandiri' });
      const { member } = await joinProgram(t.app, program.id);
      const url = `/api/member/v1/program/${program.id}/activity/${practice.id}/upload`;
      const note = await upload(
        url,
        [
          { name: 'note', value: 'Catatan\u0000' },
          { name: 'file', filename: 'foto.png', data: pngBytes() },
        ],
        member.headers,
      );
      expect(note.json()).toEqual(refused('note'));
      const name = await upload(
        url,
        [{ name: 'file', filename: 'foto\u0000.png', data: pngBytes() }],
        member.headers,
      );
      expect(name.json()).toEqual(refused('file'));
      const ok = await upload(
        url,
        [{ name: 'file', filename: 'foto.png', data: pngBytes() }],
        member.headers,
      );
      expect(ok.statusCode).toBe(200);
    });

    it('score import: the file name is never stored, a NUL in it is no 500', async () => {
      const res = await upload(
        importPaths.uk,
        [{ name: 'file', filename: 'nilai\u0000.xlsx', data: await xlsxBytes() }],
        admin,
        'PUT',
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });
});
