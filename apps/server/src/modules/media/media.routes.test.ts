import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { once } from 'node:events';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import {
  gifBytes,
  isoMediaBytes,
  jpegBytes,
  mp3Bytes,
  mp4Bytes,
  oggBytes,
  pdfBytes,
  pngBytes,
  scriptBytes,
  svgBytes,
  wavBytes,
  webmBytes,
} from '../../test/factories/media-bytes';
import { buildMedia, multipartBody, xlsxBytes, type FormPart } from '../../test/factories/media';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const uploadUrl = '/api/storage/v1/media/company/upload';
const keyUrl = /^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.([a-z0-9]+)$/;

describe('media routes', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let trainer: { authorization: string };
  let adminId: string;

  /** Every file under the media folder, temp files included. */
  const storedFiles = () => {
    const root = path.join(t.dataDir, 'media');
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  };
  const tempFiles = () => storedFiles().filter((f) => f.startsWith('.tmp'));
  const rowCount = async () => (await t.db.select({ n: count() }).from(media))[0]!.n;

  const upload = (parts: FormPart[], headers: Record<string, string> = admin, query = '') => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: uploadUrl + query,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  async function waitFor(check: () => boolean, what: string, ms = 5000) {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedIn(t.db, 'admin');
    admin = a.headers;
    adminId = a.user.id;
    trainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('stores a real PNG with its fields (fields before the file) and serves it', async () => {
      const png = pngBytes(8, 6);
      const res = await upload([
        { name: 'source', value: 'upload' },
        { name: 'title', value: 'Sampul Program' },
        { name: 'alt', value: 'Gambar sampul' },
        { name: 'caption', value: 'Keterangan' },
        { name: 'description', value: 'Deskripsi gambar' },
        { name: 'url', value: 'https://contoh.id/asal' },
        { name: 'file', filename: 'cover.jpg', contentType: 'image/jpeg', data: png },
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 200, message: 'success' });
      expect(body.data).toMatchObject({
        type: 'image',
        mime: 'image/png',
        size: png.length,
        title: 'Sampul Program',
        alt: 'Gambar sampul',
        caption: 'Keterangan',
        description: 'Deskripsi gambar',
        source: 'upload',
      });
      expect(body.data.url).toMatch(keyUrl);
      // The stored name comes from the bytes, never from the client's `cover.jpg`.
      expect(keyUrl.exec(body.data.url)?.[1]).toBe('png');
      expect(body.data.public_url).toBe(body.data.url);
      expect(new Date(body.data.created_at).getTime()).not.toBeNaN();

      const [row] = await t.db.select().from(media).where(eq(media.id, body.data.id));
      expect(row).toMatchObject({
        uploaded_by: adminId,
        original_name: 'cover.jpg',
        url: 'https://contoh.id/asal',
        storage_key: body.data.url.replace('/media/', ''),
      });
      expect(fs.readFileSync(path.join(t.dataDir, 'media', row!.storage_key))).toEqual(png);

      const served = await t.app.inject({ method: 'GET', url: body.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['accept-ranges']).toBe('bytes');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.rawPayload).toEqual(png);
    });

    it('takes fields sent after the file, and names an untitled upload after its file', async () => {
      const jpeg = jpegBytes();
      const res = await upload([
        { name: 'file', filename: 'C:\\fakepath\\foto peserta.jpeg', data: jpeg },
        { name: 'alt', value: 'Foto' },
        { name: 'source', value: 'upload' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'image',
        mime: 'image/jpeg',
        size: jpeg.length,
        alt: 'Foto',
        title: 'foto peserta',
        caption: null,
      });
      expect(res.json().data.url).toMatch(/\.jpg$/);
    });

    it('detects each accepted format from its bytes, whatever the client claims', async () => {
      const cases = [
        { data: gifBytes(), type: 'image', mime: 'image/gif', ext: 'gif' },
        { data: mp3Bytes(), type: 'audio', mime: 'audio/mpeg', ext: 'mp3' },
        { data: wavBytes(), type: 'audio', mime: 'audio/wav', ext: 'wav' },
        { data: oggBytes(), type: 'audio', mime: 'audio/ogg', ext: 'ogg' },
        { data: isoMediaBytes('M4A '), type: 'audio', mime: 'audio/mp4', ext: 'm4a' },
        { data: webmBytes(), type: 'audio', mime: 'audio/webm', ext: 'webm' },
        { data: mp4Bytes(), type: 'video', mime: 'video/mp4', ext: 'mp4' },
        { data: pdfBytes(), type: 'pdf', mime: 'application/pdf', ext: 'pdf' },
        {
          data: await xlsxBytes([
            ['license', 'score'],
            ['ABC', 90],
          ]),
          type: 'xlsx',
          mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ext: 'xlsx',
        },
      ];
      for (const c of cases) {
        const res = await upload([
          { name: 'title', value: `berkas ${c.ext}` },
          { name: 'file', filename: 'berkas.bin', contentType: 'text/plain', data: c.data },
        ]);
        expect(res.statusCode, c.ext).toBe(200);
        expect(res.json().data, c.ext).toMatchObject({
          type: c.type,
          mime: c.mime,
          size: c.data.length,
        });
        expect(keyUrl.exec(res.json().data.url)?.[1]).toBe(c.ext);
        const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
        expect(served.headers['content-type'], c.ext).toBe(c.mime);
        expect(served.rawPayload.equals(c.data), c.ext).toBe(true);
      }
    });

    describe('refusals leave no file and no row', () => {
      let rowsBefore: number;
      let filesBefore: string[];
      beforeAll(async () => {
        rowsBefore = await rowCount();
        filesBefore = storedFiles();
      });
      const nothingStored = async () => {
        expect(await rowCount()).toBe(rowsBefore);
        expect(storedFiles().sort()).toEqual([...filesBefore].sort());
      };

      it('415 for a script renamed .jpg', async () => {
        const res = await upload([
          { name: 'title', value: 'foto' },
          { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: scriptBytes() },
        ]);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ status: 415, message: 'Format file tidak didukung' });
        await nothingStored();
      });

      it('415 for SVG (it can carry script)', async () => {
        const res = await upload([
          { name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', data: svgBytes() },
        ]);
        expect(res.statusCode).toBe(415);
        await nothingStored();
      });

      it('415 for a video that is not mp4 (QuickTime)', async () => {
        const res = await upload([
          {
            name: 'file',
            filename: 'klip.mp4',
            contentType: 'video/mp4',
            data: isoMediaBytes('qt  '),
          },
        ]);
        expect(res.statusCode).toBe(415);
        await nothingStored();
      });

      it('400 when the file is missing or empty, or the body is not a form', async () => {
        const missing = await upload([{ name: 'title', value: 'tanpa file' }]);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({
          status: 400,
          message: 'error validation',
          validation: { file: 'File tidak boleh kosong' },
        });
        const empty = await upload([
          { name: 'file', filename: 'kosong.png', data: Buffer.alloc(0) },
        ]);
        expect(empty.statusCode).toBe(400);
        expect(empty.json().validation).toEqual({ file: 'File tidak boleh kosong' });
        const json = await t.app.inject({
          method: 'POST',
          url: uploadUrl,
          headers: admin,
          payload: { title: 'x' },
        });
        expect(json.statusCode).toBe(400);
        expect(json.json().validation).toEqual({ file: 'File tidak boleh kosong' });
        await nothingStored();
      });

      it('400 for a bad field after the file, and the stored file is removed again', async () => {
        const res = await upload([
          { name: 'file', filename: 'a.png', data: pngBytes() },
          { name: 'title', value: 'x'.repeat(256) },
          { name: 'url', value: 'javascript:alert(1)' },
        ]);
        expect(res.statusCode).toBe(400);
        expect(res.json().validation).toEqual({
          title: 'Title harus kurang dari atau sama dengan 255 karakter.',
          url: 'URL tidak valid',
        });
        await nothingStored();
      });

      it("400 for a PDF renamed '.png' where the picker asks for an image, and nothing is kept", async () => {
        const res = await upload(
          [{ name: 'file', filename: 'foto.png', contentType: 'image/png', data: pdfBytes() }],
          admin,
          '?type=image',
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().validation).toEqual({ file: 'Please select image file format' });
        await nothingStored();
      });

      it('400 for a second file', async () => {
        const res = await upload([
          { name: 'file', filename: 'a.png', data: pngBytes() },
          { name: 'file', filename: 'b.png', data: pngBytes() },
        ]);
        expect(res.statusCode).toBe(400);
        expect(res.json().validation).toEqual({ file: 'Hanya satu file yang dapat diunggah' });
        await nothingStored();
      });

      it('413 for an image over its 10 MB limit', async () => {
        const big = Buffer.concat([pngBytes(), Buffer.alloc(10 * 1024 * 1024)]);
        const res = await upload([{ name: 'file', filename: 'besar.png', data: big }]);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ status: 413, message: 'Ukuran file gambar maksimal 10 MB' });
        await nothingStored();
      });

      it('403 for a trainer (no media.manage) and 401 without a session', async () => {
        const asTrainer = await upload(
          [{ name: 'file', filename: 'a.png', data: pngBytes() }],
          trainer,
        );
        expect(asTrainer.statusCode).toBe(403);
        const anonymous = await upload([{ name: 'file', filename: 'a.png', data: pngBytes() }], {});
        expect(anonymous.statusCode).toBe(401);
        await nothingStored();
      });

      describe('over real HTTP', () => {
        let port: number;
        beforeAll(async () => {
          await t.app.listen({ port: 0, host: '127.0.0.1' });
          port = (t.app.server.address() as AddressInfo).port;
        });

        it('an upload the client aborts midway leaves nothing', async () => {
          const boundary = 'ajarabort';
          const socket = net.connect(port, '127.0.0.1');
          await once(socket, 'connect');
          socket.on('error', () => undefined);
          socket.write(
            `POST ${uploadUrl} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.authorization}\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
              `Content-Type: image/png\r\n\r\n`,
          );
          socket.write(pngBytes());
          socket.write(Buffer.alloc(300_000));
          // The file is being written to a temp file when the client goes away.
          await waitFor(() => tempFiles().length === 1, 'the temp file');
          socket.destroy();
          await waitFor(() => tempFiles().length === 0, 'the temp file to go');
          await new Promise((r) => setTimeout(r, 100));
          await nothingStored();
        });

        it('413 for a video over 100 MB, streamed, and nothing is kept', async () => {
          const boundary = 'ajarvideo';
          const head = Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n` +
              `Content-Type: video/mp4\r\n\r\n`,
          );
          const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
          const chunk = Buffer.alloc(1024 * 1024);
          const chunks = 101;
          const video = mp4Bytes(16);
          const length = head.length + video.length + chunk.length * chunks + tail.length;
          const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = http.request(
              {
                port,
                host: '127.0.0.1',
                method: 'POST',
                path: uploadUrl,
                headers: {
                  authorization: admin.authorization,
                  'content-type': `multipart/form-data; boundary=${boundary}`,
                  'content-length': length,
                },
              },
              (response) => {
                let body = '';
                response.setEncoding('utf8');
                response.on('data', (d: string) => (body += d));
                response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
              },
            );
            req.on('error', reject);
            void (async () => {
              req.write(head);
              req.write(video);
              for (let i = 0; i < chunks; i++) {
                if (!req.write(chunk)) await once(req, 'drain');
              }
              req.end(tail);
            })();
          });
          expect(res.status).toBe(413);
          expect(JSON.parse(res.body)).toEqual({
            status: 413,
            message: 'Ukuran file video maksimal 100 MB',
          });
          await nothingStored();
        });
      });
    });
  });

  describe('list, detail, public', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      // A separate title prefix keeps these apart from the uploads above.
      const base = Date.UTC(2030, 0, 1);
      const items = [
        { key: 'a', title: 'Lst Audio Pembuka', ext: 'mp3', size: 500 },
        { key: 'b', title: 'Lst Gambar Sampul', ext: 'png', size: 3000 },
        { key: 'c', title: 'Lst Gambar 100%_diskon', ext: 'jpg', size: 100 },
        { key: 'd', title: 'Lst Video Materi', ext: 'mp4', size: 9000 },
        { key: 'e', title: 'Lst Gambar Zebra', ext: 'webp', size: 2000 },
      ] as const;
      for (const [i, item] of items.entries()) {
        const row = await buildMedia(t.db, {
          ext: item.ext,
          title: item.title,
          size: item.size,
          created_at: new Date(base + i * 60_000),
        });
        ids[item.key] = row.id;
      }
    });

    const list = (query: string, headers: Record<string, string> = admin) =>
      t.app.inject({
        method: 'GET',
        url: `/api/storage/v1/media/company/list?${query}`,
        headers,
      });

    it('pages with SQL: limit, page, total, newest first by default', async () => {
      const first = await list('q=Lst&limit=2');
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data).toMatchObject({ limit: 2, page: 1, total: 5 });
      expect(data.list.map((m: { id: string }) => m.id)).toEqual([ids.e, ids.d]);
      const third = (await list('q=Lst&limit=2&page=3')).json().data;
      expect(third.list.map((m: { id: string }) => m.id)).toEqual([ids.a]);
      const all = (await list('q=Lst&limit=-1')).json().data;
      expect(all).toMatchObject({ limit: -1, total: 5 });
      expect(all.list).toHaveLength(5);
    });

    it('filters by type and searches the title (wildcards are literal)', async () => {
      const images = (await list('q=Lst&type=image&limit=10')).json().data;
      expect(images.total).toBe(3);
      expect(images.list.every((m: { type: string }) => m.type === 'image')).toBe(true);
      const literal = (await list(`q=${encodeURIComponent('100%_')}`)).json().data;
      expect(literal.list.map((m: { id: string }) => m.id)).toEqual([ids.c]);
      const noMatch = (await list(`q=${encodeURIComponent('Lst%Zebra')}`)).json().data;
      expect(noMatch.total).toBe(0);
      const audio = (await list('type=audio&q=lst audio PEM')).json().data;
      expect(audio.list.map((m: { id: string }) => m.id)).toEqual([ids.a]);
    });

    it('sorts by an allow-listed field and direction', async () => {
      const byTitle = (await list('q=Lst&sort=title&dir=asc&limit=-1')).json().data;
      expect(byTitle.list.map((m: { title: string }) => m.title)).toEqual([
        'Lst Audio Pembuka',
        'Lst Gambar 100%_diskon',
        'Lst Gambar Sampul',
        'Lst Gambar Zebra',
        'Lst Video Materi',
      ]);
      const bySize = (await list('q=Lst&sort=size&dir=desc&limit=-1')).json().data;
      expect(bySize.list.map((m: { size: number }) => m.size)).toEqual([
        9000, 3000, 2000, 500, 100,
      ]);
      const oldest = (await list('q=Lst&sort=created_at&dir=asc&limit=1')).json().data;
      expect(oldest.list[0].id).toBe(ids.a);
    });

    it('400 for a sort, type or limit outside the allow-list', async () => {
      for (const query of ['sort=password', 'type=svg', 'dir=up', 'limit=0', 'page=0']) {
        const res = await list(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toBe('error validation');
      }
    });

    it('needs media.manage', async () => {
      expect((await list('', trainer)).statusCode).toBe(403);
      expect((await list('', {})).statusCode).toBe(401);
    });

    it('detail answers the item, 404 for an unknown or malformed id', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/storage/v1/media/company/detail/${ids.b}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ids.b,
        type: 'image',
        title: 'Lst Gambar Sampul',
        size: 3000,
        public_url: expect.stringMatching(keyUrl),
      });
      for (const id of ['7d1c4b7e-5f0a-4d8e-9a51-1f5b2c3d4e5f', 'bukan-uuid']) {
        const missing = await t.app.inject({
          method: 'GET',
          url: `/api/storage/v1/media/company/detail/${id}`,
          headers: admin,
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ status: 404, message: 'Data tidak ditemukan' });
      }
    });

    it('public detail needs no token', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/storage/v1/media/public/${ids.d}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: ids.d, type: 'video', mime: 'video/mp4' });
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/storage/v1/media/public/xyz',
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('GET /media/*', () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    let url: string;
    beforeAll(async () => {
      const file = Buffer.concat([mp4Bytes(16), bytes]);
      const row = await buildMedia(t.db, { ext: 'mp4' }, { storage: t.app.storage, bytes: file });
      url = `/media/${row.storage_key}`;
    });
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers });

    it('answers a range with 206, Content-Range and exactly those bytes', async () => {
      const full = await get();
      expect(full.statusCode).toBe(200);
      const size = full.rawPayload.length;
      expect(full.headers['content-length']).toBe(String(size));
      expect(full.headers['content-type']).toBe('video/mp4');

      const part = await get({ range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload).toEqual(full.rawPayload.subarray(100, 200));

      const suffix = await get({ range: 'bytes=-10' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(suffix.rawPayload).toEqual(full.rawPayload.subarray(size - 10));

      const open = await get({ range: `bytes=${size - 3}-` });
      expect(open.rawPayload).toEqual(full.rawPayload.subarray(size - 3));
    });

    it('416 with the size for an unsatisfiable range', async () => {
      const size = (await get()).rawPayload.length;
      const res = await get({ range: `bytes=${size}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json()).toMatchObject({ status: 416 });
    });

    it('answers HEAD without a body, 304 for a matching ETag, and stale If-Range gets the whole file', async () => {
      const full = await get();
      const head = await get({}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
      const etag = String(full.headers.etag);
      expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"other"' });
      expect(stale.statusCode).toBe(200);
      const fresh = await get({ range: 'bytes=0-9', 'if-range': etag });
      expect(fresh.statusCode).toBe(206);
    });

    it('cannot reach anything but stored media', async () => {
      fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'rahasia');
      for (const bad of [
        '/media/../secret.txt',
        '/media/..%2Fsecret.txt',
        '/media/%2e%2e/secret.txt',
        '/media/2025/01/..%2F..%2F..%2Fsecret.txt',
        '/media/.tmp/x.part',
        '/media/2025/01/00000000-0000-0000-0000-000000000000.png',
        '/media/2025/01/00000000-0000-0000-0000-000000000000.exe',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: bad });
        expect(res.statusCode, bad).toBe(404);
        expect(res.body).not.toContain('rahasia');
      }
    });
  });
});

describe('media with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://belajar.example.id/' });
  });
  afterAll(() => t.close());

  it('answers absolute URLs, and the API docs describe the media routes', async () => {
    const { headers } = await signedIn(t.db, 'superadmin');
    const body = multipartBody([{ name: 'file', filename: 'a.pdf', data: pdfBytes() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.public_url).toMatch(
      /^https:\/\/belajar\.example\.id\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/,
    );
    expect(res.json().data.url).toBe(res.json().data.public_url);

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths['/api/storage/v1/media/company/list']?.get?.tags).toEqual(['media']);
    expect(paths['/api/storage/v1/media/company/upload']?.post?.tags).toEqual(['media']);
    expect(paths['/media/*']).toBeUndefined();
  });
});
