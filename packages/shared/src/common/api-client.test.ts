import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readApiReply, readReplyData, sendApiCall } from './api-client';
import { ApiError } from './api-error';
import { messages } from './messages';

const envelope = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status, message: 'ok', ...body }), { status });
const offline = () => new ApiError(0, messages.networkError);

describe('sendApiCall', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a JSON body with the call headers, a form as it is', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      seen.push(init);
      return Promise.resolve(envelope(200, { data: null }));
    });
    await sendApiCall(
      { method: 'POST', url: '/api/x', headers: { authorization: 'Bearer t' }, body: { a: 1 } },
      offline,
    );
    const form = new FormData();
    await sendApiCall({ method: 'PUT', url: '/api/x', headers: {}, body: form }, offline);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'Bearer t',
      },
    });
    expect(seen[1]!.body).toBe(form);
    expect(seen[1]!.headers).toEqual({ accept: 'application/json' });
  });

  it("turns a call that never reached the server into the app's error, and keeps an abort", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const call = { method: 'GET', url: '/api/x', headers: {} };
    await expect(sendApiCall(call, offline)).rejects.toEqual(offline());
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(sendApiCall(call, offline)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('readApiReply', () => {
  const room = z.object({ id: z.string(), has_more: z.boolean() });

  it('answers the data, checked by a reader when given', async () => {
    expect(await readApiReply(envelope(200, { data: { id: 'r', has_more: false } }))).toEqual({
      id: 'r',
      has_more: false,
    });
    const checked = readApiReply(envelope(200, { data: { id: 'r', more: 1 } }), undefined, room);
    await expect(checked).rejects.toEqual(new ApiError(200, messages.unreadableReply));
  });

  it("throws a refusal with the server's message and field messages, after the app saw it", async () => {
    const seen: (string | undefined)[] = [];
    const refused = readApiReply(
      envelope(403, { message: 'Setujui pemberitahuan privasi', code: 'consent_required' }),
      (_res, env) => void seen.push(env?.code),
    );
    await expect(refused).rejects.toEqual(new ApiError(403, 'Setujui pemberitahuan privasi'));
    expect(seen).toEqual(['consent_required']);
    const invalid = await readApiReply(
      envelope(400, { message: 'error validation', validation: { message: 'Pesan kosong' } }),
    ).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, validation: { message: 'Pesan kosong' } });
    await expect(readApiReply(new Response('<html>', { status: 502 }))).rejects.toEqual(
      new ApiError(502, 'Permintaan gagal (502)'),
    );
  });

  it('reads data handed over later (the offline queue) with the same reader', () => {
    expect(readReplyData(room, { id: 'r', has_more: true })).toEqual({ id: 'r', has_more: true });
    expect(() => readReplyData(room, null)).toThrow(messages.unreadableReply);
  });
});
