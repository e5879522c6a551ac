import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  programStatuses,
  programStatusTransitions,
} from '@ajar/shared/programs/programs.constants';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { activities, memberRedeems, programFacilitators, programs, topics } from '../../db/schema';
import {
  buildActivities,
  buildMedia,
  buildProgram,
  buildRedeems,
  buildStudy,
  buildTopics,
  programBody,
} from '../../test/factories/programs';
import { buildMedia as buildMediaRow } from '../../test/factories/media';
import { buildUser, signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('programs API', () => {
  let t: TestApp;
  let admin: Headers;
  let superadmin: Headers;
  let study: { id: string; title: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    superadmin = (await signedIn(t.db, 'superadmin')).headers;
    study = await buildStudy(t.db, 'Strategi Marketing');
  });
  afterAll(() => t.close());

  const create = (body: unknown, headers: Headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/program/v1/company/create',
      headers,
      payload: body as object,
    });
  const detail = (id: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/program/v1/company/detail/${id}`, headers });

  describe('create and detail', () => {
    it('creates a draft program with its facilitators and answers it in the detail', async () => {
      const cover = await buildMedia(t.db);
      const picture = await buildMedia(t.db);
      const trainer = await buildUser(t.db, { role: 'trainer' });
      const res = await create(
        programBody(study, {
          program_information: {
            cover: { id: cover.id, url: cover.url },
            discount_price: '500000',
            selling_price: '250000',
            selling_link: [
              { title: 'Tokopedia', url: 'https://tokopedia.com/ajar' },
              { title: '', url: '' },
            ],
          },
          fasilitator: [
            {
              name: 'Rina Wulandari',
              description: '<p>Praktisi</p>',
              picture: { id: picture.id, url: picture.url },
              user_id: trainer.id,
            },
            { name: 'Agus Salim', description: '', picture: null },
          ],
        }),
        // Linking a trainer account is the superadmin's.
        superadmin,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: 'Successfully added program' });
      const id = res.json().data.id as string;

      const got = await detail(id);
      expect(got.statusCode).toBe(200);
      const program = got.json().data as Program;
      expect(program).toMatchObject({
        id,
        title: 'Digital Marketing untuk UMKM',
        type: 'online',
        status: 'draft',
        is_free: false,
        is_prakerja: true,
        total_participants: 0,
        total_unread: 0,
        end_test_at: null,
        learning_targets: {
          studies: { id: study.id, title: 'Strategi Marketing' },
          competence: ['Membuat konten', 'Mengelola iklan'],
        },
        program_information: {
          cover: { id: cover.id, url: cover.url },
          discount_price: 500000,
          selling_price: 250000,
          selling_link: [{ title: 'Tokopedia', url: 'https://tokopedia.com/ajar' }],
        },
      });
      expect(program.fasilitator).toHaveLength(2);
      expect(program.fasilitator[0]).toMatchObject({
        name: 'Rina Wulandari',
        picture: { id: picture.id, url: picture.url },
        user_id: trainer.id,
        status: 'active',
      });
      expect(program.fasilitator[1]).toMatchObject({ name: 'Agus Salim', user_id: null });
    });

    it('keeps a status given on create', async () => {
      const res = await create(programBody(study, { status: 'publish' }));
      expect((await detail(res.json().data.id)).json().data.status).toBe('publish');
    });

    it('answers the spec messages for an empty form', async () => {
      const res = await create({
        title: '  ',
        program_benefits: '<p></p>',
        learning_targets: { studies: null, competence: ['Membuat konten', ' '] },
        program_information: { selling_price: '', discount_price: null, selling_link: [] },
        fasilitator: [{ name: '', description: '' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'error validation',
        validation: {
          title: 'Judul Program tidak boleh kosong',
          program_benefits: 'Deskripsi program tidak boleh kosong',
          'learning_targets.studies': 'Bidang studi tidak boleh kosong',
          'learning_targets.competence.1': 'Kompetensi tidak boleh kosong',
          'program_information.selling_price': 'Harga jual tidak boleh kosong',
          'fasilitator.0.name': 'Nama fasilitator tidak boleh kosong',
        },
      });
    });

    it('answers numeric messages for the prices, and a missing competence list', async () => {
      const res = await create(
        programBody(study, {
          learning_targets: { studies: study, competence: [] },
          program_information: {
            cover: null,
            selling_price: 'dua ratus',
            discount_price: -5,
            selling_link: [],
          },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        'learning_targets.competence': 'Kompetensi tidak boleh kosong',
        'program_information.selling_price': 'Harga jual harus berupa angka',
        'program_information.discount_price': 'Harga Coret harus lebih dari atau sama dengan 0',
      });
    });

    it('does not enforce Harga Coret above Harga Jual (a hint only)', async () => {
      const res = await create(
        programBody(study, {
          program_information: {
            cover: null,
            selling_price: 500000,
            discount_price: 100000,
            selling_link: [],
          },
        }),
      );
      expect(res.statusCode).toBe(200);
    });

    it('answers the max message for a too long title', async () => {
      const res = await create(programBody(study, { title: 'a'.repeat(256) }));
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        title: 'Judul Program harus kurang dari atau sama dengan 255 karakter.',
      });
    });

    it('refuses unknown media, an unknown study and a non-trainer account with field messages', async () => {
      const notTrainer = await buildUser(t.db, { role: 'admin' });
      const inactive = await buildUser(t.db, { role: 'trainer', is_active: false });
      const missing = '00000000-0000-4000-8000-000000000000';
      const res = await create(
        programBody(
          { id: missing, title: 'Tidak ada' },
          {
            program_information: {
              cover: { id: missing, url: '/media/x.jpg' },
              selling_price: 1000,
              discount_price: null,
              selling_link: [],
            },
            fasilitator: [
              { name: 'A', picture: { id: missing, url: '/media/y.jpg' }, user_id: notTrainer.id },
              { name: 'B', user_id: inactive.id },
            ],
          },
        ),
        superadmin,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'error validation',
        validation: {
          'learning_targets.studies': 'Bidang studi tidak ditemukan',
          'program_information.cover': 'Cover tidak ditemukan',
          'fasilitator.0.picture': 'Foto fasilitator tidak ditemukan',
          'fasilitator.0.user_id': 'Akun trainer tidak ditemukan atau tidak aktif',
          'fasilitator.1.user_id': 'Akun trainer tidak ditemukan atau tidak aktif',
        },
      });
    });

    it('stores the library address of a picture, not the one sent, and refuses a non-image', async () => {
      const cover = await buildMedia(t.db);
      const picture = await buildMedia(t.db);
      const res = await create(
        programBody(study, {
          program_information: {
            cover: { id: cover.id, url: 'https://pelacak.example/pixel.gif' },
            selling_price: 1000,
            discount_price: null,
            selling_link: [],
          },
          fasilitator: [{ name: 'A', picture: { id: picture.id, url: '/media/lain.jpg' } }],
        }),
      );
      expect(res.statusCode).toBe(200);
      const saved = (await detail(res.json().data.id)).json().data as Program;
      expect(saved.program_information.cover).toEqual({ id: cover.id, url: cover.url });
      expect(saved.fasilitator[0]!.picture).toEqual({ id: picture.id, url: picture.url });

      const pdf = await buildMediaRow(t.db, { ext: 'pdf' });
      const refused = await create(
        programBody(study, {
          program_information: {
            cover: { id: pdf.id, url: '/media/x.pdf' },
            selling_price: 1000,
            discount_price: null,
            selling_link: [],
          },
        }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().validation).toEqual({
        'program_information.cover': 'Tipe media tidak sesuai',
      });
    });

    it('strips scripts and unknown attributes from rich text', async () => {
      const res = await create(
        programBody(study, {
          title: 'Program Sanitasi',
          program_benefits:
            '<p onclick="steal()">Aman<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://ajar.test">y</a></p><img src="https://ajar.test/a.png" onerror="x()">',
          fasilitator: [
            {
              name: 'A',
              description: '<h2>Hai</h2><iframe src="https://evil"></iframe><style>p{}</style>',
            },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      const program = (await detail(res.json().data.id)).json().data as Program;
      expect(program.program_benefits).toBe(
        '<p>Aman <a>x</a> <a href="https://ajar.test">y</a></p><img src="https://ajar.test/a.png" />',
      );
      expect(program.fasilitator[0]!.description).toBe('<h2>Hai</h2>');
    });

    it('checks Deskripsi program after sanitizing: markup alone is empty', async () => {
      const required = { program_benefits: 'Deskripsi program tidak boleh kosong' };
      for (const program_benefits of [
        '<script>x</script>',
        '<p><style>p{}</style></p>',
        '<iframe src="https://evil.test">Isi</iframe>',
        '<img src="javascript:alert(1)">',
      ]) {
        const res = await create(programBody(study, { title: 'Tanpa Isi', program_benefits }));
        expect(res.statusCode, program_benefits).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          message: 'error validation',
          validation: required,
        });
      }
      const [{ n }] = await t.db
        .select({ n: count() })
        .from(programs)
        .where(eq(programs.title, 'Tanpa Isi'));
      expect(n).toBe(0);

      const created = await create(programBody(study, { title: 'Ada Isi' }));
      const id = created.json().data.id as string;
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update/${id}`,
        headers: admin,
        payload: programBody(study, { title: 'Ada Isi', program_benefits: '<script>x</script>' }),
      });
      expect(update.statusCode).toBe(400);
      expect(update.json().validation).toEqual(required);
      expect((await detail(id)).json().data.program_benefits).not.toBe('');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await detail('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await detail('abc')).statusCode).toBe(400);
    });
  });

  describe('update', () => {
    it('replaces the program and upserts facilitators by id in one go', async () => {
      const created = await create(
        programBody(study, {
          fasilitator: [
            { name: 'Satu', description: '' },
            { name: 'Dua', description: '' },
            { name: 'Tiga', description: '' },
          ],
        }),
      );
      const id = created.json().data.id as string;
      const before = (await detail(id)).json().data as Program;
      const [one, , three] = before.fasilitator;

      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update/${id}`,
        headers: admin,
        payload: programBody(study, {
          title: 'Judul Baru',
          type: 'hybrid',
          fasilitator: [
            { id: three!.id, name: 'Tiga diubah', description: '<p>baru</p>' },
            { name: 'Empat', description: '' },
            { id: one!.id, name: 'Satu', description: '' },
          ],
        }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Successfully update program');
      const after = res.json().data as Program;
      expect(after.title).toBe('Judul Baru');
      expect(after.type).toBe('hybrid');
      expect(after.fasilitator.map((f) => f.name)).toEqual(['Tiga diubah', 'Empat', 'Satu']);
      expect(after.fasilitator[0]!.id).toBe(three!.id);
      expect(after.fasilitator[2]!.id).toBe(one!.id);
      const rows = await t.db
        .select()
        .from(programFacilitators)
        .where(eq(programFacilitators.program_id, id));
      expect(rows).toHaveLength(3);
    });

    it('changes nothing when a part of the save fails', async () => {
      const created = await create(programBody(study, { fasilitator: [{ name: 'Tetap' }] }));
      const id = created.json().data.id as string;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update/${id}`,
        headers: admin,
        payload: programBody(study, {
          title: 'Tidak tersimpan',
          fasilitator: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Asing' }],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        'fasilitator.0.id': 'Fasilitator tidak ditemukan pada program ini',
      });
      const program = (await detail(id)).json().data as Program;
      expect(program.title).toBe('Digital Marketing untuk UMKM');
      expect(program.fasilitator.map((f) => f.name)).toEqual(['Tetap']);
    });

    it('follows the status transitions when the body changes the status', async () => {
      const id = (await create(programBody(study))).json().data.id as string;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update/${id}`,
        headers: admin,
        payload: programBody(study, { status: 'archive' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Status program tidak dapat diubah dari draft ke archive');
    });

    it('lets only the superadmin link trainers; an admin keeps the stored links', async () => {
      const rina = await buildUser(t.db, { role: 'trainer', fullname: 'Rina' });
      const agus = await buildUser(t.db, { role: 'trainer', fullname: 'Agus' });
      const update = (id: string, body: unknown, headers: Headers) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/program/v1/company/update/${id}`,
          headers,
          payload: body as object,
        });
      const links = async (id: string) =>
        ((await detail(id)).json().data as Program).fasilitator.map((f) => [f.name, f.user_id]);

      // An admin creating a program links nobody, whatever is sent (no field error either).
      const byAdmin = await create(
        programBody(study, { fasilitator: [{ name: 'Rina', user_id: rina.id }] }),
      );
      expect(byAdmin.statusCode).toBe(200);
      const id = byAdmin.json().data.id as string;
      expect(await links(id)).toEqual([['Rina', null]]);

      // The superadmin links Rina.
      const [first] = ((await detail(id)).json().data as Program).fasilitator;
      expect(
        (
          await update(
            id,
            programBody(study, {
              fasilitator: [{ id: first!.id, name: 'Rina', user_id: rina.id }],
            }),
            superadmin,
          )
        ).statusCode,
      ).toBe(200);
      expect(await links(id)).toEqual([['Rina', rina.id]]);

      // An admin moving the link to Agus, unlinking, or adding a linked facilitator: ignored;
      // the other changes are saved.
      for (const userId of [agus.id, null]) {
        const res = await update(
          id,
          programBody(study, {
            title: 'Diubah admin',
            fasilitator: [
              { id: first!.id, name: 'Rina Wulandari', user_id: userId },
              { name: 'Baru', user_id: agus.id },
            ],
          }),
          admin,
        );
        expect(res.statusCode).toBe(200);
        expect((res.json().data as Program).title).toBe('Diubah admin');
        expect(await links(id)).toEqual([
          ['Rina Wulandari', rina.id],
          ['Baru', null],
        ]);
        // Drop the added one again for the next round.
        await update(
          id,
          programBody(study, { fasilitator: [{ id: first!.id, name: 'Rina Wulandari' }] }),
          admin,
        );
      }
      expect(await links(id)).toEqual([['Rina Wulandari', rina.id]]);

      // The superadmin may change and remove the link.
      await update(
        id,
        programBody(study, {
          fasilitator: [{ id: first!.id, name: 'Rina Wulandari', user_id: agus.id }],
        }),
        superadmin,
      );
      expect(await links(id)).toEqual([['Rina Wulandari', agus.id]]);
      await update(
        id,
        programBody(study, {
          fasilitator: [{ id: first!.id, name: 'Rina Wulandari', user_id: null }],
        }),
        superadmin,
      );
      expect(await links(id)).toEqual([['Rina Wulandari', null]]);
    });

    it('answers 404 for an unknown program', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/program/v1/company/update/00000000-0000-4000-8000-000000000000',
        headers: admin,
        payload: programBody(study),
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('status transitions', () => {
    const pairs = programStatuses.flatMap((from) =>
      programStatuses.map((to) => [from, to] as const),
    );
    it.each(pairs)('%s → %s', async (from, to) => {
      const program = await buildProgram(t.db, { status: from });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update-status/${program.id}`,
        headers: admin,
        payload: { status: to },
      });
      const allowed = programStatusTransitions[from].includes(to);
      const [row] = await t.db.select().from(programs).where(eq(programs.id, program.id));
      if (allowed) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          status: 200,
          message: 'Status program berhasil diubah',
          data: null,
        });
        expect(row!.status).toBe(to);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          from === to
            ? `Status program sudah ${to}`
            : `Status program tidak dapat diubah dari ${from} ke ${to}`,
        );
        expect(row!.status).toBe(from);
      }
    });

    it('refuses an unknown status with a field message', async () => {
      const program = await buildProgram(t.db, { status: 'draft' });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/program/v1/company/update-status/${program.id}`,
        headers: admin,
        payload: { status: 'deleted' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({ status: 'Status program tidak valid' });
    });
  });

  describe('delete', () => {
    it('removes the program with its topics, activities, facilitators and redemptions', async () => {
      const trainer = await buildUser(t.db, { role: 'trainer' });
      const program = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.id] });
      const keep = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.id] });
      for (const p of [program, keep]) {
        const list = await buildTopics(t.db, p.id, 3);
        for (const topic of list) await buildActivities(t.db, topic, 2);
        await buildRedeems(t.db, p.id, 4);
      }
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/program/v1/company/delete/${program.id}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'Program berhasil dihapus', data: null });

      const counts = async (programId: string) => ({
        programs: (
          await t.db.select({ n: count() }).from(programs).where(eq(programs.id, programId))
        )[0]!.n,
        topics: (
          await t.db.select({ n: count() }).from(topics).where(eq(topics.program_id, programId))
        )[0]!.n,
        activities: (
          await t.db
            .select({ n: count() })
            .from(activities)
            .where(eq(activities.program_id, programId))
        )[0]!.n,
        facilitators: (
          await t.db
            .select({ n: count() })
            .from(programFacilitators)
            .where(eq(programFacilitators.program_id, programId))
        )[0]!.n,
        redeems: (
          await t.db
            .select({ n: count() })
            .from(memberRedeems)
            .where(eq(memberRedeems.program_id, programId))
        )[0]!.n,
      });
      expect(await counts(program.id)).toEqual({
        programs: 0,
        topics: 0,
        activities: 0,
        facilitators: 0,
        redeems: 0,
      });
      expect(await counts(keep.id)).toEqual({
        programs: 1,
        topics: 3,
        activities: 6,
        facilitators: 1,
        redeems: 4,
      });
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/program/v1/company/delete/${program.id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('public detail', () => {
    it('answers a published program without staff-only fields', async () => {
      const trainer = await buildUser(t.db, { role: 'trainer' });
      const program = await buildProgram(t.db, {
        status: 'publish',
        is_prakerja: true,
        trainerIds: [trainer.id],
      });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/v1/public/program/detail/${program.id}`,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id: program.id, is_prakerja: true, status: 'publish' });
      expect(data.fasilitator[0]).toEqual({
        id: expect.any(String),
        name: 'Fasilitator 1',
        description: '',
        picture: null,
      });
      expect(data).not.toHaveProperty('total_unread');
    });

    it('answers 404 for a draft or archived program', async () => {
      for (const status of ['draft', 'archive'] as const) {
        const program = await buildProgram(t.db, { status });
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users/v1/public/program/detail/${program.id}`,
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });
});

describe('program list', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'superadmin')).headers;
    trainer = await signedIn(t.db, 'trainer');
    const study = await buildStudy(t.db, 'Teknologi Informasi');
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const specs = [
      { title: 'Dasar Pemrograman Python', status: 'publish', day: 1, redeems: 5, mine: true },
      { title: 'Excel untuk Administrasi', status: 'publish', day: 2, redeems: 12, mine: false },
      { title: 'Fotografi Produk', status: 'publish', day: 3, redeems: 0, mine: true },
      { title: 'Budidaya Lele 100%_ok', status: 'draft', day: 4, redeems: 2, mine: false },
      { title: 'Public Speaking', status: 'archive', day: 5, redeems: 7, mine: true },
    ] as const;
    for (const s of specs) {
      const p = await buildProgram(t.db, {
        title: s.title,
        status: s.status,
        created_at: day(s.day),
        study_id: study.id,
        trainerIds: s.mine ? [trainer.user.id] : [],
      });
      await buildRedeems(t.db, p.id, s.redeems);
      ids[s.title] = p.id;
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, headers: Headers = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/program/v1/company/list?${query}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { list: Program[]; limit: number; page: number; total: number };
  };
  const titles = (data: { list: Program[] }) => data.list.map((p) => p.title);

  it('pages newest first by default', async () => {
    const data = await list('page=1&limit=2');
    expect(data).toMatchObject({ limit: 2, page: 1, total: 5 });
    expect(titles(data)).toEqual(['Public Speaking', 'Budidaya Lele 100%_ok']);
    expect(titles(await list('page=3&limit=2'))).toEqual(['Dasar Pemrograman Python']);
    const past = await list('page=9&limit=2');
    expect(past).toMatchObject({ list: [], total: 5 });
  });

  it('gives the same rows page by page as at once, in every order (pages read from either end)', async () => {
    for (const order of [
      '',
      '&sort=total_participants',
      '&sort=total_participants&sort_type=asc',
      '&sort_type=asc',
    ]) {
      const all = titles(await list(`limit=-1${order}`));
      const paged: string[] = [];
      for (let page = 1; page <= 3; page += 1)
        paged.push(...titles(await list(`page=${page}&limit=2${order}`)));
      expect(paged, order).toEqual(all);
    }
  });

  it('answers everything with limit=-1', async () => {
    const data = await list('limit=-1');
    expect(data).toMatchObject({ limit: -1, total: 5 });
    expect(data.list).toHaveLength(5);
  });

  it('filters by status', async () => {
    expect(titles(await list('status=publish&limit=-1&sort_type=asc'))).toEqual([
      'Dasar Pemrograman Python',
      'Excel untuk Administrasi',
      'Fotografi Produk',
    ]);
  });

  it('sorts by total participants counted in SQL', async () => {
    const data = await list('sort=total_participants&sort_type=desc&limit=-1');
    expect(data.list.map((p) => [p.title, p.total_participants])).toEqual([
      ['Excel untuk Administrasi', 12],
      ['Public Speaking', 7],
      ['Dasar Pemrograman Python', 5],
      ['Budidaya Lele 100%_ok', 2],
      ['Fotografi Produk', 0],
    ]);
    expect(titles(await list('sort=total_participants&sort_type=asc&limit=2'))).toEqual([
      'Fotografi Produk',
      'Budidaya Lele 100%_ok',
    ]);
  });

  it('searches titles case-insensitively, wildcards taken literally', async () => {
    expect(titles(await list('q=PYTHON'))).toEqual(['Dasar Pemrograman Python']);
    expect(titles(await list('q=100%25_'))).toEqual(['Budidaya Lele 100%_ok']);
    expect(titles(await list('q=%25'))).toEqual(['Budidaya Lele 100%_ok']);
    expect((await list('q=tidak-ada')).total).toBe(0);
  });

  it('refuses a sort field outside the allow-list and limit=0', async () => {
    for (const query of ['sort=title', 'limit=0', 'sort_type=up', 'status=hapus']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/program/v1/company/list?${query}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('gives a trainer only the programs they facilitate', async () => {
    const data = await list('limit=-1', trainer.headers);
    expect(titles(data)).toEqual([
      'Public Speaking',
      'Fotografi Produk',
      'Dasar Pemrograman Python',
    ]);
    expect(data.total).toBe(3);
    const trainerList = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/trainer/list?status=publish&limit=-1',
      headers: trainer.headers,
    });
    expect(trainerList.statusCode).toBe(200);
    expect(trainerList.json().data.list.map((p: Program) => p.title)).toEqual([
      'Fotografi Produk',
      'Dasar Pemrograman Python',
    ]);
  });

  it('gives staff every program on the trainer list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/trainer/list',
      headers: admin,
    });
    expect(res.json().data).toMatchObject({ limit: -1, total: 5 });
  });

  it('answers a trainer 404 for a program not assigned and 403 on writes', async () => {
    const foreign = ids['Excel untuk Administrasi']!;
    const mine = ids['Fotografi Produk']!;
    const get = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/program/v1/company/detail/${id}`,
        headers: trainer.headers,
      });
    expect((await get(foreign)).statusCode).toBe(404);
    expect((await get(mine)).statusCode).toBe(200);
    const writes = [
      { method: 'POST' as const, url: '/api/program/v1/company/create', payload: {} },
      { method: 'PUT' as const, url: `/api/program/v1/company/update/${mine}`, payload: {} },
      {
        method: 'PUT' as const,
        url: `/api/program/v1/company/update-status/${mine}`,
        payload: { status: 'archive' },
      },
      { method: 'DELETE' as const, url: `/api/program/v1/company/delete/${mine}` },
    ];
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: trainer.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/program/v1/company/list' });
    expect(res.statusCode).toBe(401);
  });
});

describe('participants count kept by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The kept column against a fresh count of the redeems, for every program. */
  async function keptAndCounted() {
    const rows = await t.db
      .select({ id: programs.id, kept: programs.participants_count })
      .from(programs);
    return Promise.all(
      rows.map(async (row) => {
        const [counted] = await t.db
          .select({ n: count() })
          .from(memberRedeems)
          .where(eq(memberRedeems.program_id, row.id));
        return { kept: row.kept, counted: counted?.n ?? 0 };
      }),
    );
  }

  it('follows redeems added, moved to another program and deleted', async () => {
    const a = await buildProgram(t.db, { title: 'Program A' });
    const b = await buildProgram(t.db, { title: 'Program B' });
    const redeems = await buildRedeems(t.db, a.id, 5);
    await buildRedeems(t.db, b.id, 2);
    await t.db
      .update(memberRedeems)
      .set({ program_id: b.id })
      .where(eq(memberRedeems.id, redeems[0]!.id));
    await t.db.delete(memberRedeems).where(eq(memberRedeems.id, redeems[1]!.id));
    // An update that leaves the program alone changes nothing.
    await t.db
      .update(memberRedeems)
      .set({ progress: 50 })
      .where(eq(memberRedeems.id, redeems[2]!.id));

    const kept = new Map(
      (await t.db.select({ id: programs.id, n: programs.participants_count }).from(programs)).map(
        (r) => [r.id, r.n],
      ),
    );
    expect(kept.get(a.id)).toBe(3);
    expect(kept.get(b.id)).toBe(3);
    for (const { kept: k, counted } of await keptAndCounted()) expect(k).toBe(counted);
  });
});
