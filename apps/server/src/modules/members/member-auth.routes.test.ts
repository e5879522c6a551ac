import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPushSubscriptions, members } from '../../db/schema';
import { authMessages, loginThrottle } from '@ajar/shared/auth/auth.schemas';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { browserSubscription, retryAfterOf, uniqueAddress } from '../../test/factories/auth';
import { registerMember } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('member accounts API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: uniqueAddress(),
    });

  it('registers a member, signs them in at once, and answers me', async () => {
    const res = await post('/api/member/v1/register', {
      fullname: '  Siti Aminah ',
      email: 'Siti.Aminah@Contoh.ID',
      phone: '6281234567001',
      password: 'Rahasia123',
      date_of_birth: '1990-05-17',
      consent: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Registrasi berhasil');
    expect(body.data.member).toMatchObject({
      fullname: 'Siti Aminah',
      email: 'siti.aminah@contoh.id',
      phone: '6281234567001',
      date_of_birth: '1990-05-17',
    });
    const [row] = await t.db.select().from(members).where(eq(members.id, body.data.member.id));
    expect(row!.password_hash).toMatch(/^scrypt\$/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/me',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('siti.aminah@contoh.id');
  });

  it('refuses a common password with the reason; a long passphrase is fine', async () => {
    const body = { fullname: 'Umum', phone: '6281234567004', consent: true };
    for (const password of ['Password1', 'aaaaaaa1', 'qwerty123']) {
      const res = await post('/api/member/v1/register', {
        ...body,
        email: `umum-${password}@contoh.id`,
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation).toEqual({
        password:
          'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
      });
    }
    const long = await post('/api/member/v1/register', {
      ...body,
      email: 'frasa@contoh.id',
      password: 'kopi pagi di teras rumah nenek 1998 sambil membaca koran',
    });
    expect(long.statusCode).toBe(200);
  });

  it('limits registrations per address (as forgot-password does), whatever their outcome', async () => {
    await registerMember(t.app, { email: 'sudah-ada@contoh.id' });
    const from = (address: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/register',
        remoteAddress: address,
        payload: {
          fullname: 'Banjir',
          email,
          phone: '6281234567003',
          password: 'Rahasia123',
          consent: true,
        },
      });
    const flood = uniqueAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await from(flood, 'sudah-ada@contoh.id')).statusCode).toBe(400);
    }
    const held = await from(flood, 'baru-banjir@contoh.id');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(
      'Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam 15 menit.',
    );
    expect(retryAfterOf(held)).toBeGreaterThan(800);
    expect((await from(uniqueAddress(), 'baru-banjir@contoh.id')).statusCode).toBe(200);
  });

  it('refuses a taken e-mail (any case), a bad phone, a weak password and a birth date out of range', async () => {
    await registerMember(t.app, { email: 'ganda@contoh.id' });
    const taken = await post('/api/member/v1/register', {
      fullname: 'Ganda',
      email: 'GANDA@contoh.id',
      phone: '6281234567002',
      password: 'Rahasia123',
      consent: true,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().validation).toEqual({ email: 'Email sudah terdaftar' });

    const bad = await post('/api/member/v1/register', {
      fullname: '',
      email: 'x@contoh.id',
      phone: 'nomor saya',
      password: 'pendek',
      date_of_birth: '1949-12-31',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toMatchObject({
      fullname: 'Nama Lengkap tidak boleh kosong',
      phone: memberMessages.phoneFormat,
      date_of_birth: 'Tanggal lahir harus di antara 1950-01-01 dan hari ini',
    });
    expect(bad.json().validation.password).toBeTruthy();
  });

  it("stores the usual '08…' and '+62…' WhatsApp forms as '62…'", async () => {
    const local = await post('/api/member/v1/register', {
      fullname: 'Wulan',
      email: 'wulan-08@contoh.id',
      phone: '0812-3456-7801',
      password: 'Rahasia123',
      consent: true,
    });
    expect(local.statusCode).toBe(200);
    expect(local.json().data.member.phone).toBe('6281234567801');
    const intl = await post('/api/member/v1/register', {
      fullname: 'Wulan',
      email: 'wulan-62@contoh.id',
      phone: '+62 812 3456 7802',
      password: 'Rahasia123',
      consent: true,
    });
    expect(intl.json().data.member.phone).toBe('6281234567802');
  });

  it('logs in with e-mail and password, and refuses a wrong password with one message', async () => {
    const m = await registerMember(t.app, { password: 'Belajar2024' });
    const ok = await post('/api/member/v1/login', {
      email: m.email.toUpperCase(),
      password: 'Belajar2024',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ member: { id: m.id }, token: expect.any(String) });

    const wrong = await post('/api/member/v1/login', { email: m.email, password: 'Salah12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validation).toEqual({ email: 'Email atau password salah' });
    const unknown = await post('/api/member/v1/login', {
      email: 'tidak.ada@contoh.id',
      password: 'x',
    });
    expect(unknown.json().validation).toEqual({ email: 'Email atau password salah' });
  });

  it('throttles member sign-in like the staff one, on keys of its own', async () => {
    const m = await registerMember(t.app);
    const from = uniqueAddress();
    const login = (password: string, address = from) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email: m.email, password },
        remoteAddress: address,
      });
    for (let i = 0; i < loginThrottle.pair.freeFailures; i += 1) {
      expect((await login('Salah12345')).statusCode).toBe(400);
    }
    const held = await login(m.password);
    expect(held.statusCode).toBe(429);
    const seconds = retryAfterOf(held);
    expect(seconds).toBeLessThanOrEqual(loginThrottle.pair.firstDelaySeconds);
    expect(held.json().validation).toEqual({ email: authMessages.throttledLogin(seconds) });
    // The member gets in from elsewhere; the staff account of that e-mail is not slowed.
    expect((await login(m.password, uniqueAddress())).statusCode).toBe(200);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/login',
      payload: { email: m.email, password: 'Salah12345' },
      remoteAddress: from,
    });
    expect(staff.statusCode).toBe(400);
  });

  it('a distributed attack on a member slows new addresses, not the member at home', async () => {
    const m = await registerMember(t.app);
    const login = (password: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email: m.email, password },
        remoteAddress: address,
      });
    const home = uniqueAddress();
    expect((await login(m.password, home)).statusCode).toBe(200);
    for (let i = 0; i < loginThrottle.account.freeFailures; i += 1) {
      expect((await login('Salah12345', uniqueAddress())).statusCode).toBe(400);
    }
    const held = await login(m.password, uniqueAddress());
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(authMessages.throttledAccount(retryAfterOf(held)));
    expect((await login(m.password, home)).statusCode).toBe(200);
  });

  it('logout revokes the member token', async () => {
    const m = await registerMember(t.app);
    const out = await post('/api/member/v1/logout', {}, m.headers);
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Logout berhasil');
    const me = await t.app.inject({ method: 'GET', url: '/api/member/v1/me', headers: m.headers });
    expect(me.statusCode).toBe(401);
  });

  it('keeps the two audiences apart: staff token on member routes and member token on staff routes are 401', async () => {
    const m = await registerMember(t.app);
    const staff = await signedIn(t.db, 'superadmin');

    const memberOnStaff = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/me',
      headers: m.headers,
    });
    expect(memberOnStaff.statusCode).toBe(401);
    const memberOnProgramList = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/list',
      headers: m.headers,
    });
    expect(memberOnProgramList.statusCode).toBe(401);

    const staffOnMember = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/me',
      headers: staff.headers,
    });
    expect(staffOnMember.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/member/v1/program/list' });
    expect(none.statusCode).toBe(401);
  });

  it('registers and removes the push subscription of the member session', async () => {
    const m = await registerMember(t.app);
    const subscription = browserSubscription('https://fcm.googleapis.com/fcm/send/member-1');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/member/v1/push/subscription',
      headers: m.headers,
      payload: { subscription },
    });
    expect(put.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(memberPushSubscriptions)
      .where(eq(memberPushSubscriptions.member_id, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endpoint).toBe(subscription.endpoint);

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/member/v1/push/subscription',
      headers: m.headers,
    });
    expect(del.statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(memberPushSubscriptions)
      .where(eq(memberPushSubscriptions.member_id, m.id));
    expect(after).toHaveLength(0);
  });

  it('refuses a push subscription that is not on a browser push service', async () => {
    const m = await registerMember(t.app);
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://169.254.169.254/latest',
      'https://push.example.test/member-1',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/push/subscription',
        headers: m.headers,
        payload: { subscription: browserSubscription(endpoint) },
      });
      expect(put.statusCode, endpoint).toBe(400);
      expect(put.json().validation).toEqual({
        'subscription.endpoint': authMessages.pushServiceOnly,
      });
    }
    const rows = await t.db
      .select()
      .from(memberPushSubscriptions)
      .where(eq(memberPushSubscriptions.member_id, m.id));
    expect(rows).toHaveLength(0);
  });

  it('lists the member routes on the OpenAPI page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/member/v1/register',
        '/api/member/v1/login',
        '/api/member/v1/redeem',
        '/api/program/v1/company/voucher/{programId}/generate',
      ]),
    );
  });
});
