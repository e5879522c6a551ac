import { buildMedia, multipartBody } from '../test/factories/media';
import { pngBytes } from '../test/factories/media-bytes';
import { buildProgram, programBody } from '../test/factories/programs';
import { adminCall as admin, row, S, type MatrixRow } from './authorization-matrix.types';

// Programs, topics, accounts, media and the routes outside the modules. Statuses are in
// the order anonymous, member, trainer B, trainer A, admin, superadmin (see S for the shapes).

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/matriks',
  keys: { p256dh: 'BOr6p1cZ', auth: 'c2VjcmV0' },
};

export const contentRows: MatrixRow[] = [
  // ---- outside the modules ----
  row(
    'GET /api/docs',
    S.open(200),
    'API docs page: no guard (isGuardedRoute skips /api/docs)',
    () => ({ url: '/api/docs' }),
  ),
  row(
    'GET /api/docs/static/index.html',
    S.open(302),
    'swagger-ui sends the page to /api/docs, no guard',
    () => ({ url: '/api/docs/static/index.html' }),
  ),
  row('GET /api/docs/static/swagger-initializer.js', S.open(200), 'docs asset, no guard', () => ({
    url: '/api/docs/static/swagger-initializer.js',
  })),
  row('GET /api/docs/json', S.open(200), 'OpenAPI document: public by design', () => ({
    url: '/api/docs/json',
  })),
  row('GET /api/docs/yaml', S.open(200), 'OpenAPI document as YAML', () => ({
    url: '/api/docs/yaml',
  })),
  row(
    'HEAD,GET /api/docs/static/*',
    S.open(200),
    'swagger-ui files',
    () => ({ url: '/api/docs/static/swagger-ui.css' }),
    {
      encodedNotFound:
        '@fastify/static strips its prefix from the raw URL: /%61pi/docs/static/… names no file',
    },
  ),
  row('GET /api/health', S.open(200), 'database check, public', () => ({ url: '/api/health' })),
  row(
    'GET /api/metrics',
    S.open(401),
    'Prometheus metrics (METRICS=true): its own bearer token, no session opens it',
    () => ({ url: '/api/metrics' }),
  ),
  row('GET /api/health/live', S.open(200), 'liveness probe, public', () => ({
    url: '/api/health/live',
  })),
  row('GET /api/health/ready', S.open(200), 'readiness probe, public', () => ({
    url: '/api/health/ready',
  })),
  row('GET,HEAD /media/*', S.open(200), 'stored media by unguessable key, public', ({ w }) => ({
    url: `/media/${w.media.storage_key}`,
  })),
  row('GET /file/template-import.xlsx', S.open(200), 'blank import template, public', () => ({
    url: '/file/template-import.xlsx',
  })),
  row(
    'GET /api/download/:token',
    '200 200 403 403 200 403',
    'short-lived, single-use unguessable link made for the admin: opened without a ' +
      'session or with a member token it serves; another staff session is refused',
    async ({ w }) => {
      const exported = await admin(
        w,
        'GET',
        `/api/program/v1/company/voucher/${w.program.id}/export`,
      );
      return { url: new URL(exported.public_url as string, 'http://x').pathname };
    },
  ),

  // ---- programs ----
  row(
    'GET /api/program/v1/company/list',
    S.anyStaff,
    'program.view; a trainer lists only assigned programs (B sees no A)',
    () => ({ url: '/api/program/v1/company/list' }),
  ),
  row(
    'GET /api/program/v1/trainer/list',
    S.anyStaff,
    "program.view; the caller's own programs",
    () => ({ url: '/api/program/v1/trainer/list' }),
  ),
  row(
    'GET /api/program/v1/company/detail/:id',
    S.scoped,
    'program.view; B is not a facilitator of A → 404',
    ({ w }) => ({ url: `/api/program/v1/company/detail/${w.program.id}` }),
  ),
  row('POST /api/program/v1/company/create', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/program/v1/company/create',
    payload: programBody(w.study),
  })),
  row(
    'PUT /api/program/v1/company/update/:id',
    S.manage,
    'program.manage (a disposable program: the body replaces facilitators)',
    async ({ w }) => {
      const p = await buildProgram(w.app.db, { trainerIds: [w.users.trainerA.id] });
      return { url: `/api/program/v1/company/update/${p.id}`, payload: programBody(w.study) };
    },
  ),
  row(
    'PUT /api/program/v1/company/update-status/:id',
    S.manage,
    'program.manage (disposable program)',
    async ({ w }) => {
      const p = await buildProgram(w.app.db, { trainerIds: [w.users.trainerA.id] });
      return {
        url: `/api/program/v1/company/update-status/${p.id}`,
        payload: { status: 'publish' },
      };
    },
  ),
  row(
    'DELETE /api/program/v1/company/delete/:id',
    S.manage,
    'program.manage (disposable program)',
    async ({ w }) => {
      const p = await buildProgram(w.app.db, { trainerIds: [w.users.trainerA.id] });
      return { url: `/api/program/v1/company/delete/${p.id}` };
    },
  ),
  row(
    'GET /api/users/v1/public/program/detail/:id',
    S.open(200),
    'public page of a published program',
    ({ w }) => ({ url: `/api/users/v1/public/program/detail/${w.program.id}` }),
    { publicData: true },
  ),
  row(
    'GET /api/study/v1/list',
    S.anyStaff,
    'program.view; study fields are shared reference data',
    () => ({ url: '/api/study/v1/list' }),
  ),
  row('POST /api/study/v1/create', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/study/v1/create',
    payload: { title: `Bidang Baru ${w.tag}` },
  })),

  // ---- topics ----
  row('GET /api/topic/v1/list', S.scoped, 'program.view, scoped to the program', ({ w }) => ({
    url: `/api/topic/v1/list?program_id=${w.program.id}`,
  })),
  row('GET /api/topic/v1/detail/:id', S.scoped, 'program.view, scoped', ({ w }) => ({
    url: `/api/topic/v1/detail/${w.topic.id}`,
  })),
  row('POST /api/topic/v1/create', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/topic/v1/create',
    payload: { name: 'Topik Baru', program_id: w.program.id },
  })),
  row('PUT /api/topic/v1/update/:id', S.manage, 'program.manage', ({ w }) => ({
    url: `/api/topic/v1/update/${w.topic2.id}`,
    payload: { name: w.topic2.name },
  })),
  row(
    'DELETE /api/topic/v1/delete/:id',
    S.manage,
    'program.manage (disposable topic)',
    async ({ w }) => {
      const t = await admin(w, 'POST', '/api/topic/v1/create', {
        name: 'Topik Buang',
        program_id: w.program.id,
      });
      return { url: `/api/topic/v1/delete/${t.id as string}` };
    },
  ),
  row('PUT /api/topic/v1/reorder', S.manage, 'program.manage', ({ w }) => ({
    url: '/api/topic/v1/reorder',
    payload: { program_id: w.program.id, topic_id: w.topic.id, to: 1 },
  })),

  // ---- staff accounts ----
  row(
    'GET /api/users/v1/trainers',
    S.manage,
    'program.manage (trainer pick list of the program form)',
    () => ({ url: '/api/users/v1/trainers' }),
  ),
  row('GET /api/users/v1/staff/list', S.superOnly, 'users.manage', () => ({
    url: '/api/users/v1/staff/list',
  })),
  row('GET /api/users/v1/audit-log', S.superOnly, 'users.manage (Log Aktivitas)', () => ({
    url: '/api/users/v1/audit-log',
  })),
  // The world's members signed in at registration: the export has entries to write.
  row('GET /api/users/v1/audit-log/export', S.superOnly, 'users.manage (Log Aktivitas)', () => ({
    url: '/api/users/v1/audit-log/export?action=member.signed_in',
  })),
  row('POST /api/users/v1/staff/create', S.superOnly, 'users.manage', ({ w, role }) => ({
    url: '/api/users/v1/staff/create',
    payload: {
      fullname: 'Trainer Baru',
      email: `baru-${role}-${w.tag}-${Math.random().toString(36).slice(2, 8)}@ajar.test`,
      phone: '081234567890',
      role: 'trainer',
      password: 'Rahasia123',
    },
  })),
  row(
    'PUT /api/users/v1/staff/update/:id',
    S.superOnly,
    'users.manage (disposable account)',
    async ({ w }) => {
      const { user } = await w.freshUser('trainer');
      return {
        url: `/api/users/v1/staff/update/${user.id}`,
        payload: {
          fullname: 'Trainer Ubah',
          email: user.email,
          phone: '081234567890',
          role: 'trainer',
        },
      };
    },
  ),
  row(
    'PUT /api/users/v1/staff/status/:id',
    S.superOnly,
    'users.manage (disposable account)',
    async ({ w }) => {
      const { user } = await w.freshUser('trainer');
      return { url: `/api/users/v1/staff/status/${user.id}`, payload: { is_active: false } };
    },
  ),
  row('POST /api/users/v1/staff/reset-link/:id', S.superOnly, 'users.manage', ({ w }) => ({
    url: `/api/users/v1/staff/reset-link/${w.users.trainerB.id}`,
  })),

  // ---- auth ----
  row(
    'POST /api/admin/v1/login',
    S.open(200),
    'sign-in is public; a disposable account signs in',
    async ({ w }) => {
      const { user } = await w.freshUser('admin');
      return {
        url: '/api/admin/v1/login',
        payload: { email: user.email, password: user.password },
      };
    },
  ),
  row('POST /api/trainer/v1/login', S.open(200), 'sign-in is public', async ({ w }) => {
    const { user } = await w.freshUser('trainer');
    return {
      url: '/api/trainer/v1/login',
      payload: { email: user.email, password: user.password },
    };
  }),
  row(
    'POST /api/trainer/v1/logout',
    S.anyStaff,
    'any staff session ends itself (a fresh session of the role)',
    async ({ w, role, headers }) => {
      if (role === 'anonymous' || role === 'member')
        return { url: '/api/trainer/v1/logout', headers };
      const fresh = await w.freshUser(
        role === 'trainerA' || role === 'trainerB' ? 'trainer' : role,
      );
      return { url: '/api/trainer/v1/logout', headers: fresh.headers };
    },
  ),
  row('GET /api/admin/v1/me', S.anyStaff, 'own account', () => ({ url: '/api/admin/v1/me' })),
  row(
    'PUT /api/admin/v1/update-password',
    S.anyStaff,
    'own password (a fresh account: the change ends its other sessions)',
    async ({ w, role, headers }) => {
      const payload = {
        current_password: 'Rahasia123',
        new_password: 'Rahasia456',
        conf_new_password: 'Rahasia456',
      };
      if (role === 'anonymous' || role === 'member')
        return { url: '/api/admin/v1/update-password', headers, payload };
      const fresh = await w.freshUser(
        role === 'trainerA' || role === 'trainerB' ? 'trainer' : role,
      );
      return { url: '/api/admin/v1/update-password', headers: fresh.headers, payload };
    },
  ),
  row(
    'POST /api/auth/v1/forgot-password',
    S.open(200),
    'public; same answer whether the e-mail exists',
    ({ w, role }) => ({
      url: '/api/auth/v1/forgot-password',
      payload: {
        email: `tidak-ada-${role}-${w.tag}-${Math.random().toString(36).slice(2, 8)}@ajar.test`,
      },
    }),
  ),
  row(
    'POST /api/auth/v1/reset-password',
    S.open(400),
    'public; an unknown token is refused the same for everyone',
    () => ({
      url: '/api/auth/v1/reset-password',
      payload: { token: 'token-yang-tidak-ada-sama-sekali', password: 'Rahasia456' },
    }),
  ),
  row(
    'POST /api/auth/v1/login-link',
    S.open(200),
    'public; same answer whether the e-mail exists',
    ({ w, role }) => ({
      url: '/api/auth/v1/login-link',
      payload: {
        email: `tidak-ada-${role}-${w.tag}-${Math.random().toString(36).slice(2, 8)}@ajar.test`,
      },
    }),
  ),
  row(
    'POST /api/auth/v1/login-link/confirm',
    S.open(400),
    'public; an unknown sign-in link is refused the same for everyone',
    () => ({
      url: '/api/auth/v1/login-link/confirm',
      payload: { token: 'link-masuk-yang-tidak-ada' },
    }),
  ),
  row('GET /api/push/v1/public-key', S.open(200), 'VAPID public key, public', () => ({
    url: '/api/push/v1/public-key',
  })),
  row('PUT /api/push/v1/subscription', S.anyStaff, "own session's push subscription", () => ({
    url: '/api/push/v1/subscription',
    payload: { subscription },
  })),
  row('DELETE /api/push/v1/subscription', S.anyStaff, "own session's push subscription", () => ({
    url: '/api/push/v1/subscription',
  })),

  // ---- media ----
  row('POST /api/storage/v1/media/company/upload', S.manage, 'media.manage', () => {
    const form = multipartBody([
      { name: 'file', filename: 'gambar.png', contentType: 'image/png', data: pngBytes() },
    ]);
    return {
      url: '/api/storage/v1/media/company/upload',
      payload: form.payload,
      headers: form.headers,
    };
  }),
  row('GET /api/storage/v1/media/company/list', S.manage, 'media.manage', () => ({
    url: '/api/storage/v1/media/company/list',
  })),
  row('GET /api/storage/v1/media/company/detail/:id', S.manage, 'media.manage', ({ w }) => ({
    url: `/api/storage/v1/media/company/detail/${w.media.id}`,
  })),
  row(
    'DELETE /api/storage/v1/media/company/delete/:id',
    S.manage,
    'media.manage (disposable media item)',
    async ({ w }) => {
      const m = await buildMedia(w.app.db);
      return { url: `/api/storage/v1/media/company/delete/${m.id}` };
    },
  ),
  row(
    'GET /api/storage/v1/media/public/:id',
    S.open(200),
    'public media item (its file is public anyway)',
    ({ w }) => ({ url: `/api/storage/v1/media/public/${w.media.id}` }),
  ),
];
