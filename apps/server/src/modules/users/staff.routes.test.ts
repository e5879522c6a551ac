import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount } from '@ajar/shared/users/users.schemas';
import { sessions, users } from '../../db/schema';
import { listPasswordResets, postLogin, uniqueAddress } from '../../test/factories/auth';
import { buildProgram } from '../../test/factories/programs';
import {
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { authHeader, buildUser, signedIn, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT';

const missing = '00000000-0000-4000-8000-000000000000';

/** One staff API call. */
const call = (t: TestApp, method: Method, url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/users/v1/staff/${url}`, headers, payload });

const me = (t: TestApp, headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/admin/v1/me', headers });

describe('staff accounts API', () => {
  let t: TestApp;
  let superadmin: Headers;
  let root: TestUser;
  let admin: Headers;
  let trainer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signedIn(t.db, 'superadmin');
    superadmin = signed.headers;
    root = signed.user;
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const list = (query = '', headers = superadmin) => call(t, 'GET', `list?${query}`, headers);
  const create = (body: object, headers = superadmin) => call(t, 'POST', 'create', headers, body);
  const update = (id: string, body: object, headers = superadmin) =>
    call(t, 'PUT', `update/${id}`, headers, body);
  const setStatus = (id: string, isActive: boolean, headers = superadmin) =>
    call(t, 'PUT', `status/${id}`, headers, { is_active: isActive });
  const resetLink = (id: string, headers = superadmin) =>
    call(t, 'POST', `reset-link/${id}`, headers);

  const newTrainer = {
    fullname: 'Sari Pelatih',
    email: 'Sari.Pelatih@Ajar.test',
    phone: '081234567890',
    role: 'trainer',
    password: 'Rahasia123',
  };

  it('refuses admins, trainers and guests on every route', async () => {
    const target = await buildUser(t.db, { role: 'trainer' });
    const routes: [Method, string, object | undefined][] = [
      ['GET', 'list', undefined],
      ['POST', 'create', newTrainer],
      ['PUT', `update/${target.id}`, { ...newTrainer, email: target.email }],
      ['PUT', `status/${target.id}`, { is_active: false }],
      ['POST', `reset-link/${target.id}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      for (const headers of [admin, trainer]) {
        const res = await call(t, method, url, headers, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('Anda tidak memiliki akses');
      }
      expect((await call(t, method, url, undefined, body)).statusCode).toBe(401);
    }
    // Nothing changed.
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.is_active).toBe(true);
    expect(await listPasswordResets(t.db, target.id)).toHaveLength(0);
  });

  it('creates a trainer that can sign in, with the password stored hashed', async () => {
    const res = await create(newTrainer);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pengguna berhasil ditambahkan');
    const account = res.json().data as StaffAccount;
    expect(account).toMatchObject({
      fullname: 'Sari Pelatih',
      email: 'sari.pelatih@ajar.test',
      phone: '081234567890',
      role: { key: 'trainer', name: 'Trainer' },
      is_active: true,
      programs: [],
    });
    expect(res.body).not.toContain('password');
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.password_hash).not.toContain('Rahasia123');
    const login = await postLogin(
      t.app,
      { email: 'sari.pelatih@ajar.test', password: 'Rahasia123' },
      { address: uniqueAddress() },
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.role.key).toBe('trainer');
  });

  it('refuses a common password (any letter case) for a new account', async () => {
    const res = await create({ ...newTrainer, email: 'umum@ajar.test', password: 'PASSWORD1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      password:
        'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
    });
  });

  it('refuses a duplicate e-mail (any case) and bad fields with Indonesian messages', async () => {
    const dup = await create({ ...newTrainer, email: 'SARI.pelatih@ajar.test' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      status: 400,
      message: 'error validation',
      validation: { email: 'Email sudah digunakan oleh pengguna lain' },
    });

    const empty = await create({ fullname: ' ', email: '', role: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().validation).toEqual({
      fullname: 'Nama Lengkap tidak boleh kosong',
      email: 'Email tidak boleh kosong',
      role: 'Peran tidak boleh kosong',
      password: 'Password tidak boleh kosong',
    });

    const bad = await create({
      fullname: 'a'.repeat(101),
      email: 'bukan-email',
      phone: '08-12',
      role: 'superadmin',
      password: 'abcdefgh',
    });
    expect(bad.json().validation).toEqual({
      fullname: 'Nama Lengkap harus kurang dari atau sama dengan 100 karakter.',
      email: 'Email bukan email yang valid.',
      phone: 'No Handphone harus terdiri dari 9 sampai 15 angka',
      role: 'Peran harus Admin atau Trainer',
      password: 'Password harus mengandung huruf dan angka',
    });
    expect(
      (await create({ ...newTrainer, email: 'x@ajar.test', password: 'ab1' })).json(),
    ).toMatchObject({
      validation: { password: 'Password harus berada diantara 8 dan 128 karakter' },
    });
  });

  it('creates an admin without a phone', async () => {
    const res = await create({
      fullname: 'Dodi Admin',
      email: 'dodi.admin@ajar.test',
      phone: '',
      role: 'admin',
      password: 'Admin12345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phone: null, role: { key: 'admin', name: 'Admin' } });
  });

  describe('list', () => {
    let budi: TestUser;
    let programA: { id: string; title: string };
    let programB: { id: string; title: string };

    beforeAll(async () => {
      budi = await buildUser(t.db, {
        role: 'trainer',
        fullname: 'Budi Daftar',
        email: 'budi.daftar@ajar.test',
      });
      await buildUser(t.db, {
        role: 'trainer',
        fullname: 'Budi Nonaktif',
        email: 'budi.nonaktif@ajar.test',
        is_active: false,
      });
      await buildUser(t.db, { role: 'admin', fullname: 'Budi Admin', email: 'budi.a@ajar.test' });
      programB = await buildProgram(t.db, { title: 'Zebra Kelas', trainerIds: [budi.id] });
      // Two facilitator entries of one program linking Budi: the program is listed once.
      programA = await buildProgram(t.db, { title: 'Akuntansi', trainerIds: [budi.id, budi.id] });
      await buildProgram(t.db, { title: 'Tanpa Budi' });
    });

    const names = (rows: StaffAccount[]) => rows.map((r) => r.fullname);

    it('answers every account newest first, with role names and no password', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { list: StaffAccount[]; total: number };
      expect(data).toMatchObject({ limit: 10, page: 1 });
      const all = await t.db.select({ id: users.id }).from(users);
      expect(data.total).toBe(all.length);
      expect(data.list[0]!.fullname).toBe('Budi Admin');
      expect(res.body).not.toContain('password');
      const times = data.list.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("shows a trainer's assigned programs, once each, by title", async () => {
      const data = (await list('q=budi.daftar')).json().data as { list: StaffAccount[] };
      expect(data.list).toHaveLength(1);
      expect(data.list[0]!.programs).toEqual([
        { id: programA.id, title: 'Akuntansi' },
        { id: programB.id, title: 'Zebra Kelas' },
      ]);
    });

    it('searches name and e-mail, filters by role and status, sorts by name', async () => {
      expect(names((await list('q=BUDI&sort=fullname&dir=asc')).json().data.list)).toEqual([
        'Budi Admin',
        'Budi Daftar',
        'Budi Nonaktif',
      ]);
      expect(names((await list('q=budi&role=trainer&sort=fullname')).json().data.list)).toEqual([
        'Budi Nonaktif',
        'Budi Daftar',
      ]);
      expect(names((await list('q=budi&status=inactive')).json().data.list)).toEqual([
        'Budi Nonaktif',
      ]);
      expect((await list('q=budi&status=active')).json().data.total).toBe(2);
      expect((await list('q=%25')).json().data.total).toBe(0);
      expect((await list('q=&role=&status=')).statusCode).toBe(200);
    });

    it('pages without overlap', async () => {
      const first = (await list('limit=2&page=1&sort=fullname')).json().data;
      const second = (await list('limit=2&page=2&sort=fullname')).json().data;
      expect(first.list).toHaveLength(2);
      const ids = [...first.list, ...second.list].map((r: StaffAccount) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(second.total).toBe(first.total);
    });

    it('refuses bad queries with messages', async () => {
      const res = await list('role=owner&status=x&sort=email&limit=0&page=0');
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        role: 'Peran tidak valid',
        status: 'Status tidak valid',
        sort: 'Urutan tidak valid',
        limit: 'Jumlah per halaman harus antara 1 dan 100',
        page: 'Halaman tidak valid',
      });
      expect((await list(`q=${'a'.repeat(101)}`)).json().validation).toEqual({
        q: 'Pencarian harus kurang dari atau sama dengan 100 karakter.',
      });
    });
  });

  describe('update', () => {
    it('changes name, e-mail, phone and role', async () => {
      const user = await buildUser(t.db, { role: 'trainer', fullname: 'Lama' });
      expect((await resetLink(user.id)).statusCode).toBe(200);
      const res = await update(user.id, {
        fullname: 'Nama Baru',
        email: 'Nama.Baru@ajar.test',
        phone: '',
        role: 'admin',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Pengguna berhasil diperbarui');
      expect(res.json().data).toMatchObject({
        id: user.id,
        fullname: 'Nama Baru',
        email: 'nama.baru@ajar.test',
        phone: null,
        role: { key: 'admin', name: 'Admin' },
        is_active: true,
      });
      // The link mailed to the old address is dead.
      const links = await listPasswordResets(t.db, user.id);
      expect(links.map((l) => l.used_at !== null)).toEqual([true]);
      // Its own e-mail again is no duplicate.
      const same = await update(user.id, {
        fullname: 'Nama Baru',
        email: 'nama.baru@ajar.test',
        role: 'admin',
      });
      expect(same.statusCode).toBe(200);
    });

    it("refuses another account's e-mail, unknown ids and bad fields", async () => {
      const user = await buildUser(t.db, { role: 'admin' });
      const dup = await update(user.id, { fullname: 'X', email: root.email, role: 'admin' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().validation).toEqual({ email: 'Email sudah digunakan oleh pengguna lain' });
      const unknown = await update(missing, { fullname: 'X', email: 'x@y.id', role: 'admin' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Data tidak ditemukan');
      const malformed = await update('bukan-id', { fullname: 'X', email: 'x@y.id', role: 'x' });
      expect(malformed.statusCode).toBe(400);
      const bad = await update(user.id, { fullname: '', email: 'x', role: 'owner' });
      expect(bad.json().validation).toEqual({
        fullname: 'Nama Lengkap tidak boleh kosong',
        email: 'Email bukan email yang valid.',
        role: 'Peran tidak valid',
      });
    });
  });

  describe('status', () => {
    it("deactivating ends the account's sessions at once and blocks login; reactivating allows it", async () => {
      const user = await buildUser(t.db, { role: 'trainer', email: 'nonaktif.nanti@ajar.test' });
      const headers = await authHeader(t.db, user);
      const other = await authHeader(t.db, user);
      expect((await me(t, headers)).statusCode).toBe(200);

      const res = await setStatus(user.id, false);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Pengguna berhasil dinonaktifkan',
        data: { id: user.id, is_active: false },
      });
      for (const h of [headers, other]) {
        const gone = await me(t, h);
        expect(gone.statusCode).toBe(401);
      }
      const live = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
      expect(live.every((s) => s.revoked_at !== null)).toBe(true);

      const login = () =>
        postLogin(
          t.app,
          { email: user.email, password: user.password },
          { address: uniqueAddress() },
        );
      const refused = await login();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Akun anda tidak aktif');
      // Deactivating again is harmless.
      expect((await setStatus(user.id, false)).statusCode).toBe(200);

      const back = await setStatus(user.id, true);
      expect(back.json()).toMatchObject({
        message: 'Pengguna berhasil diaktifkan',
        data: { is_active: true },
      });
      // Old sessions stay ended; a new login works.
      expect((await me(t, headers)).statusCode).toBe(401);
      const again = await login();
      expect(again.statusCode).toBe(200);
      expect((await me(t, { authorization: `Bearer ${again.json().data.token}` })).statusCode).toBe(
        200,
      );
    });

    it('refuses a bad body and an unknown id', async () => {
      const user = await buildUser(t.db, { role: 'admin' });
      const bad = await call(t, 'PUT', `status/${user.id}`, superadmin, { is_active: 'ya' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().validation).toEqual({ is_active: 'is_active harus true atau false' });
      expect((await setStatus(missing, false)).statusCode).toBe(404);
    });
  });

  describe('reset link', () => {
    it('stores a reset link and logs the mail without SMTP', async () => {
      const user = await buildUser(t.db, { role: 'trainer' });
      const res = await resetLink(user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 200,
        message: 'Link reset password berhasil dikirim',
        data: null,
      });
      expect(await listPasswordResets(t.db, user.id)).toHaveLength(1);
    });

    it('refuses an inactive account, an unknown id, and too many links', async () => {
      const inactive = await buildUser(t.db, { role: 'trainer', is_active: false });
      const res = await resetLink(inactive.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Akun tidak aktif. Aktifkan akun terlebih dahulu sebelum mengirim link reset password',
      );
      expect(await listPasswordResets(t.db, inactive.id)).toHaveLength(0);
      expect((await resetLink(missing)).statusCode).toBe(404);

      const user = await buildUser(t.db, { role: 'admin' });
      for (let i = 0; i < 3; i += 1) expect((await resetLink(user.id)).statusCode).toBe(200);
      const many = await resetLink(user.id);
      expect(many.statusCode).toBe(429);
      expect(many.json().message).toBe(
        'Terlalu banyak permintaan reset password. Coba lagi dalam 15 menit.',
      );
    });
  });

  it('is documented', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, unknown>;
    for (const path of [
      '/api/users/v1/staff/list',
      '/api/users/v1/staff/create',
      '/api/users/v1/staff/update/{id}',
      '/api/users/v1/staff/status/{id}',
      '/api/users/v1/staff/reset-link/{id}',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});

describe('staff accounts: superadmin guard rails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the last active superadmin, and nobody deactivates or demotes themself', async () => {
    const { user: root, headers } = await signedIn(t.db, 'superadmin');
    const demote = { fullname: root.fullname, email: root.email, role: 'admin' };

    // The only active superadmin.
    const last = await call(t, 'PUT', `status/${root.id}`, headers, { is_active: false });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(
      'Super Admin aktif terakhir tidak dapat dinonaktifkan atau diubah perannya',
    );
    expect((await call(t, 'PUT', `update/${root.id}`, headers, demote)).json().message).toBe(
      'Super Admin aktif terakhir tidak dapat dinonaktifkan atau diubah perannya',
    );

    // A second superadmin: still not oneself.
    const second = await buildUser(t.db, { role: 'superadmin', fullname: 'Kedua' });
    const self = await call(t, 'PUT', `status/${root.id}`, headers, { is_active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Anda tidak dapat menonaktifkan akun anda sendiri');
    const selfDemote = await call(t, 'PUT', `update/${root.id}`, headers, demote);
    expect(selfDemote.statusCode).toBe(400);
    expect(selfDemote.json().message).toBe('Anda tidak dapat mengubah peran akun anda sendiri');
    // Editing oneself without a role change is fine.
    const rename = await call(t, 'PUT', `update/${root.id}`, headers, {
      ...demote,
      fullname: 'Root Baru',
      role: 'superadmin',
    });
    expect(rename.statusCode).toBe(200);
    expect((await me(t, headers)).json().data.fullname).toBe('Root Baru');

    // Another superadmin may be demoted, then promoted back, then deactivated.
    const secondBody = { fullname: 'Kedua', email: second.email };
    const demoted = await call(t, 'PUT', `update/${second.id}`, headers, {
      ...secondBody,
      role: 'admin',
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().data.role).toEqual({ key: 'admin', name: 'Admin' });
    const promoted = await call(t, 'PUT', `update/${second.id}`, headers, {
      ...secondBody,
      role: 'superadmin',
    });
    expect(promoted.json().data.role).toEqual({ key: 'superadmin', name: 'Super Admin' });
    const off = await call(t, 'PUT', `status/${second.id}`, headers, { is_active: false });
    expect(off.statusCode).toBe(200);
    // Now root is the last active one again.
    expect(
      (await call(t, 'PUT', `status/${root.id}`, headers, { is_active: false })).json().message,
    ).toBe('Super Admin aktif terakhir tidak dapat dinonaktifkan atau diubah perannya');
    // An inactive superadmin may be demoted (it is not an active one).
    const inactiveDemote = await call(t, 'PUT', `update/${second.id}`, headers, {
      ...secondBody,
      role: 'trainer',
    });
    expect(inactiveDemote.statusCode).toBe(200);
  });
});

describe('staff reset link through SMTP', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ajar.example/' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the forgot-password link, which sets a new password', async () => {
    const { headers } = await signedIn(t.db, 'superadmin');
    const user = await buildUser(t.db, { role: 'trainer', fullname: 'Tono Lupa' });
    const res = await call(t, 'POST', `reset-link/${user.id}`, headers);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toMatch(/Subject: Reset password akun Anda/);
    expect(raw).toContain('Halo Tono Lupa');
    const token = /https:\/\/ajar\.example\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      payload: { token, password: 'Baru12345' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await postLogin(
      t.app,
      { email: user.email, password: 'Baru12345' },
      { address: uniqueAddress() },
    );
    expect(login.statusCode).toBe(200);
  });

  it('reports a mail that cannot be delivered', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const { headers } = await signedIn(broken.db, 'superadmin');
      const user = await buildUser(broken.db, { role: 'admin' });
      const res = await call(broken, 'POST', `reset-link/${user.id}`, headers);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Email reset password gagal dikirim, silakan coba lagi');
    } finally {
      await broken.close();
    }
  });
});
