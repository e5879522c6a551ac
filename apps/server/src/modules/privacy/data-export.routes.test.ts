import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MemberDataExport } from '@ajar/shared/privacy/privacy.schemas';
import { entryText, openZip } from '../../lib/zip-read';
import { buildMemberWithEverything } from '../../test/factories/privacy';
import { registerMember } from '../../test/factories/members';
import { createTestApp, type TestApp } from '../../test/test-app';

const url = '/api/member/v1/privacy/export';

async function finishedExport(t: TestApp, headers: Record<string, string>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: MemberDataExport }>().data;
    if (data.status === 'done' || data.status === 'failed') return data;
    if (Date.now() > deadline) throw new Error(`export still ${data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("participant's data export ('Unduh data saya')", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('packs every kind of data and the uploaded files into a zip served once', async () => {
    const world = await buildMemberWithEverything(t.app);
    const headers = world.member.headers;

    const none = await t.app.inject({ method: 'GET', url, headers });
    expect(none.json<{ data: unknown }>().data).toBeNull();

    const started = await t.app.inject({ method: 'POST', url, headers });
    expect(started.statusCode).toBe(200);
    const first = started.json<{ data: MemberDataExport }>().data;
    // A double tap makes no second zip.
    const again = await t.app.inject({ method: 'POST', url, headers });
    expect(again.json<{ data: MemberDataExport }>().data.id).toBe(first.id);

    const done = await finishedExport(t, headers);
    expect(done).toMatchObject({ id: first.id, status: 'done', downloadable: true });
    const hours = (Date.parse(done.expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Another member cannot take it.
    const other = await registerMember(t.app);
    const stolen = await t.app.inject({
      method: 'GET',
      url: `${url}/${done.id}/download`,
      headers: other.headers,
    });
    expect(stolen.statusCode).toBe(404);

    const file = await t.app.inject({ method: 'GET', url: `${url}/${done.id}/download`, headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = openZip(file.rawPayload, { entries: 100, unpackedBytes: 50 * 1024 * 1024 });
    const read = async (name: string) => {
      const entry = zip.entries.get(name);
      if (!entry) throw new Error(`${name} missing; has ${[...zip.entries.keys()].join(', ')}`);
      return entryText(zip, entry);
    };
    const json = async (name: string) => JSON.parse(await read(`data/${name}.json`)) as unknown[];

    const [profile] = (await json('profil')) as Record<string, unknown>[];
    expect(profile).toMatchObject({
      fullname: world.member.fullname,
      email: world.member.email,
      phone: world.member.phone,
    });
    expect(profile).not.toHaveProperty('password_hash');
    for (const kind of [
      'redeem_program',
      'progres_aktivitas',
      'kuis',
      'kehadiran',
      'sertifikat',
      'diskusi',
      'chat',
      'notifikasi',
      'catatan_belajar',
      'persetujuan_privasi',
      'permintaan_unduh_data',
    ]) {
      expect((await json(kind)).length, kind).toBeGreaterThan(0);
    }
    // Popup answers need a quiz gameplay to exist; the file is there, empty here.
    expect(await json('kuis_popup')).toEqual([]);
    expect(await read('data/kuis.json')).toContain('jawaban saya');
    expect(await read('data/chat.json')).toContain(world.member.phone);
    expect(await read('data/sertifikat.json')).toContain(world.certificateNumber);
    const files = [...zip.entries.keys()].filter((name) => name.startsWith('file/'));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((name) => read(name)));
    expect(texts).toEqual(
      expect.arrayContaining([`tugas milik ${world.tag}`, `foto ${world.tag}`]),
    );

    // Once: a second download is refused and the file is removed from storage.
    const second = await t.app.inject({
      method: 'GET',
      url: `${url}/${done.id}/download`,
      headers,
    });
    expect(second.statusCode).toBe(404);
    await expect
      .poll(async () => {
        const res = await t.db.execute(
          sql`select storage_key from member_data_exports where id = ${done.id}`,
        );
        return (res as unknown as { rows: { storage_key: string | null }[] }).rows[0]!.storage_key;
      })
      .toBeNull();
    expect(await t.app.storage.stat(`member-exports/${done.id}.zip`)).toBeNull();
    const after = await finishedExport(t, headers);
    expect(after).toMatchObject({ downloadable: false });
    expect(after.downloaded_at).not.toBeNull();
  });

  it('refuses an expired export', async () => {
    const member = await registerMember(t.app);
    await t.app.inject({ method: 'POST', url, headers: member.headers });
    const done = await finishedExport(t, member.headers);
    await t.db.execute(
      sql`update member_data_exports set expires_at = now() - interval '1 minute'
          where id = ${done.id}`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/${done.id}/download`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/kedaluwarsa/);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'POST', url });
    expect(res.statusCode).toBe(401);
  });
});
