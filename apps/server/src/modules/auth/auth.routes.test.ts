import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '@ajar/shared/common/roles';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { postLogin, uniqueAddress } from '../../test/factories/auth';
import { authHeader, buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/me',
      headers: authorization ? { authorization } : {},
    });

  describe('POST /api/{admin,trainer}/v1/login', () => {
    it('signs in on both paths with the token, expiry and user shape', async () => {
      const user = await buildUser(t.db, { role: 'trainer', fullname: 'Budi Santoso' });
      for (const side of ['admin', 'trainer'] as const) {
        const before = Date.now();
        const res = await postLogin(
          t.app,
          { email: user.email, password: user.password, access_key: 'apa saja' },
          { side, address: uniqueAddress() },
        );
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ status: 200, message: 'success' });
        expect(body.data.user).toEqual({
          id: user.id,
          fullname: 'Budi Santoso',
          email: user.email,
          phone: '6281234567890',
          role: { key: 'trainer', name: 'Trainer' },
          permissions: [...rolePermissions.trainer],
        });
        expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
        const ttl = t.config.SESSION_TTL_HOURS * 3600 * 1000;
        const expires = Date.parse(body.data.expires_at);
        expect(expires).toBeGreaterThanOrEqual(before + ttl - 1000);
        expect(expires).toBeLessThanOrEqual(Date.now() + ttl + 1000);
        // Nothing about the password leaves the server.
        expect(res.body).not.toMatch(/password|scrypt/i);
        // Only the hash of the token is stored.
        const [stored] = await t.db
          .select({ user_id: sessions.user_id })
          .from(sessions)
          .where(eq(sessions.token_hash, hashToken(body.data.token)));
        expect(stored?.user_id).toBe(user.id);
        expect((await me(`Bearer ${body.data.token}`)).json().data.id).toBe(user.id);
      }
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const user = await buildUser(t.db, { email: 'Siti.Aminah@Ajar.Test' });
      const res = await postLogin(
        t.app,
        { email: '  SITI.AMINAH@ajar.test ', password: user.password },
        { address: uniqueAddress() },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.email).toBe('Siti.Aminah@Ajar.Test');
    });

    it('answers a wrong password and an unknown e-mail alike, on the email field', async () => {
      const user = await buildUser(t.db);
      const address = uniqueAddress();
      const wrong = await postLogin(
        t.app,
        { email: user.email, password: 'Salah1234' },
        { address },
      );
      const unknown = await postLogin(
        t.app,
        { email: 'tidak.ada@ajar.test', password: 'Rahasia123' },
        { address },
      );
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          message: 'Email atau password salah',
          validation: { email: 'Email atau password salah' },
        });
      }
    });

    it('tells an inactive account so only after the right password', async () => {
      const user = await buildUser(t.db, { is_active: false });
      const address = uniqueAddress();
      const right = await postLogin(
        t.app,
        { email: user.email, password: user.password },
        { address },
      );
      expect(right.statusCode).toBe(400);
      expect(right.json()).toEqual({
        status: 400,
        message: 'Akun anda tidak aktif',
        validation: { email: 'Akun anda tidak aktif' },
      });
      const wrong = await postLogin(
        t.app,
        { email: user.email, password: 'Salah1234' },
        { address },
      );
      expect(wrong.json().message).toBe('Email atau password salah');
    });

    it('validates the body with the spec messages', async () => {
      const address = uniqueAddress();
      const empty = await postLogin(t.app, { email: '', password: '' }, { address });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        status: 400,
        message: 'error validation',
        validation: { email: 'Email tidak boleh kosong', password: 'Password tidak boleh kosong' },
      });
      const spaces = await postLogin(t.app, { email: '   ', password: 'x' }, { address });
      expect(spaces.json().validation.email).toBe('Email tidak boleh kosong');
      const bad = await postLogin(t.app, { email: 'bukan-email', password: 'x' }, { address });
      expect(bad.json().validation.email).toBe('Email bukan email yang valid.');
      const missing = await postLogin(t.app, {}, { address });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().validation.email).toBe('Email tidak boleh kosong');
    });
  });

  describe('session', () => {
    it('answers 401 without a token, with a bad one and with an expired one', async () => {
      expect((await me()).statusCode).toBe(401);
      expect((await me('Bearer bukan-token')).statusCode).toBe(401);
      expect((await me('Basic abc')).statusCode).toBe(401);
      const user = await buildUser(t.db);
      const { authorization } = await authHeader(t.db, user);
      await t.db
        .update(sessions)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(sessions.user_id, user.id));
      const expired = await me(authorization);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ status: 401 });
    });

    it('GET /api/admin/v1/me gives the signed-in user', async () => {
      const user = await buildUser(t.db, { role: 'admin', fullname: 'Ayu Lestari' });
      const { authorization } = await authHeader(t.db, user);
      const res = await me(authorization);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: user.id,
        fullname: 'Ayu Lestari',
        email: user.email,
        phone: '6281234567890',
        role: { key: 'admin', name: 'Admin' },
        permissions: [...rolePermissions.admin],
      });
    });

    it('logout revokes the session everywhere, other sessions live on', async () => {
      const user = await buildUser(t.db);
      const address = uniqueAddress();
      const login = async () =>
        `Bearer ${(await postLogin(t.app, { email: user.email, password: user.password }, { address })).json().data.token}`;
      const first = await login();
      const second = await login();
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/trainer/v1/logout',
        headers: { authorization: first },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ status: 200, message: 'Logout berhasil', data: null });
      expect((await me(first)).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/trainer/v1/logout',
        headers: { authorization: first },
      });
      expect(again.statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);
      const [row] = await t.db
        .select({ revoked_at: sessions.revoked_at })
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(first.slice('Bearer '.length))));
      expect(row?.revoked_at).toBeInstanceOf(Date);
    });

    it('logout without a session is 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/trainer/v1/logout' });
      expect(res.statusCode).toBe(401);
    });

    it('a deactivated account loses its live sessions at once', async () => {
      const user = await buildUser(t.db);
      const { authorization } = await authHeader(t.db, user);
      expect((await me(authorization)).statusCode).toBe(200);
      const { users } = await import('../../db/schema');
      await t.db.update(users).set({ is_active: false }).where(eq(users.id, user.id));
      expect((await me(authorization)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/admin/v1/update-password', () => {
    const update = (authorization: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/update-password',
        headers: { authorization },
        payload,
      });

    it('needs a session', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/update-password',
        payload: {
          current_password: 'a',
          new_password: 'Baru12345',
          conf_new_password: 'Baru12345',
        },
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a common new password before anything else', async () => {
      const user = await buildUser(t.db);
      const { authorization } = await authHeader(t.db, user);
      const res = await update(authorization, {
        current_password: user.password,
        new_password: 'aaaaaaa1',
        conf_new_password: 'aaaaaaa1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        new_password:
          'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
      });
    });

    it('refuses a wrong current password on its field', async () => {
      const user = await buildUser(t.db);
      const { authorization } = await authHeader(t.db, user);
      const res = await update(authorization, {
        current_password: 'Salah1234',
        new_password: 'Baru12345',
        conf_new_password: 'Baru12345',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'Password gagal diubah',
        validation: { current_password: 'Password saat ini salah' },
      });
      // Still the old password.
      const login = await postLogin(
        t.app,
        { email: user.email, password: user.password },
        { address: uniqueAddress() },
      );
      expect(login.statusCode).toBe(200);
    });

    it('validates required fields, the confirmation and the new password rule', async () => {
      const user = await buildUser(t.db);
      const { authorization } = await authHeader(t.db, user);
      const empty = await update(authorization, {
        current_password: '',
        new_password: '',
        conf_new_password: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().validation).toMatchObject({
        current_password: 'Password saat ini tidak boleh kosong',
        new_password: 'Password baru tidak boleh kosong',
        conf_new_password: 'Konfirmasi password baru tidak boleh kosong',
      });
      const mismatch = await update(authorization, {
        current_password: user.password,
        new_password: 'Baru12345',
        conf_new_password: 'Baru12346',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        status: 400,
        message: 'error validation',
        validation: { conf_new_password: 'Konfirmasi password baru tidak sama' },
      });
      const weak = await update(authorization, {
        current_password: user.password,
        new_password: 'abcdefghij',
        conf_new_password: 'abcdefghij',
      });
      expect(weak.json().validation.new_password).toBe(
        'Password baru harus mengandung huruf dan angka',
      );
    });

    it('changes the password, keeps this session and revokes the others', async () => {
      const user = await buildUser(t.db);
      const address = uniqueAddress();
      const login = (password: string) =>
        postLogin(t.app, { email: user.email, password }, { address });
      const current = `Bearer ${(await login(user.password)).json().data.token}`;
      const other = `Bearer ${(await login(user.password)).json().data.token}`;
      const res = await update(current, {
        current_password: user.password,
        new_password: 'Baru12345',
        conf_new_password: 'Baru12345',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'Password berhasil diubah', data: null });
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      const old = await login(user.password);
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe('Email atau password salah');
      expect((await login('Baru12345')).statusCode).toBe(200);
    });
  });

  it('documents the auth routes in OpenAPI under the auth tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths['/api/admin/v1/login']?.post?.tags).toEqual(['auth']);
    expect(paths['/api/auth/v1/reset-password']?.post?.tags).toEqual(['auth']);
    expect(paths['/api/push/v1/public-key']?.get?.tags).toEqual(['auth']);
  });
});
