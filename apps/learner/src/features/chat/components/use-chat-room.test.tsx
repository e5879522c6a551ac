import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import type * as RoomModule from './use-chat-room';

/**
 * One chat room live, against a member API played by a stubbed `fetch` (a room of five messages,
 * pages of three, the outbox's sends) and a Socket.IO connection played at the library's edge:
 * `io()` answers a socket the test connects, drops and emits server events on.
 */

const live = vi.hoisted(() => {
  type Handler = (payload?: unknown) => void;
  class FakeSocket {
    readonly handlers = new Map<string, Set<Handler>>();
    readonly any = new Set<(event: string, payload: unknown) => void>();
    closed = false;
    constructor(readonly options: Record<string, unknown>) {}
    on(event: string, handler: Handler) {
      const set = this.handlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      this.handlers.set(event, set);
      return this;
    }
    off(event: string, handler: Handler) {
      this.handlers.get(event)?.delete(handler);
      return this;
    }
    onAny(handler: (event: string, payload: unknown) => void) {
      this.any.add(handler);
      return this;
    }
    close() {
      this.closed = true;
      return this;
    }
    /** The server's side: the connection is up, gone, or an event arrives. */
    connects() {
      for (const handler of this.handlers.get('connect') ?? []) handler();
    }
    drops() {
      for (const handler of this.handlers.get('disconnect') ?? []) handler('transport close');
    }
    emits(event: string, payload: unknown) {
      for (const handler of this.any) handler(event, payload);
    }
  }
  return { FakeSocket, sockets: [] as FakeSocket[] };
});

vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new live.FakeSocket(options);
    live.sockets.push(socket);
    return socket;
  },
}));

const roomId = '00000000-0000-4000-8000-0000000000a1';
const otherRoom = '00000000-0000-4000-8000-0000000000a2';
const trainerId = '00000000-0000-4000-8000-0000000000b1';

function chatMessage(n: number, type = 1, room = roomId): ChatMessage {
  return {
    id: `m${n}`,
    room_id: room,
    type,
    name: type === 1 ? 'Sari' : 'Pak Budi',
    message: `<p>Pesan ${n}</p>`,
    license: null,
    topic: null,
    activity: null,
    created_at: `2026-05-01T08:0${n}:00.000Z`,
  };
}

interface Sent {
  method: string;
  path: string;
  query: string;
  body: Record<string, unknown>;
}
let sent: Sent[];
let online: boolean;
/** The room's messages, oldest first; the server answers pages of three, newest first. */
let stored: ChatMessage[];

function page(before: string | null): ChatRoomDetail {
  const end = before ? stored.findIndex((m) => m.id === before) : stored.length;
  const messages = stored.slice(Math.max(0, end - 3), end);
  return {
    id: roomId,
    program_id: '00000000-0000-4000-8000-0000000000c1',
    trainer_id: trainerId,
    member_id: '00000000-0000-4000-8000-0000000000d1',
    program: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Budidaya Lele' },
    trainer: { id: trainerId, fullname: 'Pak Budi' },
    member: { id: 'x', name: 'Sari', email: 'sari@example.com', online: true },
    messages,
    has_more: end - 3 > 0,
    trainer_online: false,
    other_read_at: null,
  };
}

function reply(data: unknown, status = 200) {
  return new Response(JSON.stringify({ status, message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let room: typeof RoomModule;
/** A token per test: a socket a previous test's page opened late is not this one's. */
let token: string;
let tokens = 0;

// The first live connection loads the socket code (a dynamic import): slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  vi.resetModules();
  token = `tok-sari-${(tokens += 1)}`;
  localStorage.clear();
  localStorage.setItem(
    'ajar_member_auth',
    JSON.stringify({ token, expires_at: '2999-01-01T00:00:00Z', member: { id: 'x' } }),
  );
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stored = [1, 2, 3, 4, 5].map((n) => chatMessage(n, n % 2 ? 1 : 2));
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const u = new URL(url, 'http://localhost');
      const req: Sent = {
        method: init.method ?? 'GET',
        path: u.pathname.replace('/api/member/v1', ''),
        query: u.search,
        body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>,
      };
      sent.push(req);
      if (req.path === `/chat/detail-room/${roomId}`)
        return reply(page(u.searchParams.get('before')));
      if (req.path === `/chat/read/${roomId}`) return reply(null);
      if (req.path === `/chat/room/${roomId}/send-message`) {
        const message = {
          ...chatMessage(6),
          id: `sent-${String(req.body.idempotency_key)}`,
          message: String(req.body.message),
          // After every stored one, in the order they arrive.
          created_at: `2026-05-01T09:${String(stored.length).padStart(2, '0')}:00.000Z`,
        };
        stored.push(message);
        return reply(message);
      }
      return reply(null, 404);
    }),
  );
  room = await import('./use-chat-room');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderRoom() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => room.useChatRoom(roomId), { wrapper }).result;
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);
const reads = () => sent.filter((s) => s.path === `/chat/read/${roomId}`).length;
const opened = () =>
  live.sockets.filter((s) => (s.options.auth as { token?: string } | undefined)?.token === token);
const socket = () => {
  const current = opened()[0];
  if (!current) throw new Error('no socket opened');
  return current;
};

describe('useChatRoom', () => {
  it("opens the room's newest page, marks it read and listens with the member's token", async () => {
    const result = renderRoom();
    await waitFor(() => expect(ids(result.current.messages)).toEqual(['m3', 'm4', 'm5']));
    expect(result.current.hasMore).toBe(true);
    expect(result.current.room?.trainer.fullname).toBe('Pak Budi');
    await waitFor(() => expect(reads()).toBe(1));
    await waitFor(() => expect(opened()).toHaveLength(1));
    expect(socket().options).toMatchObject({
      path: '/api/socket.io',
      auth: { token },
    });
  });

  it("adds the trainer's live messages once, in order, marks them read, and follows the trainer", async () => {
    const result = renderRoom();
    await waitFor(() => expect(ids(result.current.messages)).toEqual(['m3', 'm4', 'm5']));
    await waitFor(() => expect(opened()).toHaveLength(1));
    act(() => socket().connects());
    await waitFor(() => expect(reads()).toBe(1));

    const fromTrainer = { ...chatMessage(7, 2), created_at: '2026-05-01T08:30:00.000Z' };
    act(() => socket().emits('chat.message', fromTrainer));
    expect(ids(result.current.messages)).toEqual(['m3', 'm4', 'm5', 'm7']);
    // Read on arrival: the room is on screen.
    await waitFor(() => expect(reads()).toBe(2));
    // The same message again (a reload crossed it) and one of another room: nothing is added.
    act(() => socket().emits('chat.message', fromTrainer));
    act(() => socket().emits('chat.message', chatMessage(8, 2, otherRoom)));
    expect(ids(result.current.messages)).toEqual(['m3', 'm4', 'm5', 'm7']);

    act(() =>
      socket().emits('chat.read', {
        room_id: roomId,
        reader: 'staff',
        read_at: '2026-05-01T08:31:00.000Z',
      }),
    );
    act(() => socket().emits('chat.trainer_presence', { trainer_id: trainerId, online: true }));
    expect(result.current.room).toMatchObject({
      other_read_at: '2026-05-01T08:31:00.000Z',
      trainer_online: true,
    });
  });

  it('sends with its key, and keeps a message written offline until the connection returns', async () => {
    const result = renderRoom();
    await waitFor(() => expect(result.current.messages).toHaveLength(3));
    await act(() => result.current.send('<p>Halo Pak</p>'));
    const first = sent.filter((s) => s.path.endsWith('/send-message'));
    expect(first).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { message: '<p>Halo Pak</p>', idempotency_key: expect.any(String) as string },
      }),
    ]);
    expect(result.current.messages.at(-1)?.message).toBe('<p>Halo Pak</p>');

    online = false;
    await act(() => result.current.send('<p>Sinyal hilang</p>'));
    expect(result.current.pending).toEqual([
      expect.objectContaining({ message: '<p>Sinyal hilang</p>' }),
    ]);
    const key = result.current.pending[0]!.key;
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.pending).toEqual([]));
    expect(result.current.messages.at(-1)?.id).toBe(`sent-${key}`);
    const sends = sent.filter((s) => s.path.endsWith('/send-message'));
    expect(sends.map((s) => s.body.message)).toEqual(['<p>Halo Pak</p>', '<p>Sinyal hilang</p>']);
    expect(sends[1]!.body.idempotency_key).toBe(key);
  });

  it('pages older messages before the oldest shown, and a reconnection reloads the newest', async () => {
    const result = renderRoom();
    await waitFor(() => expect(ids(result.current.messages)).toEqual(['m3', 'm4', 'm5']));
    await act(() => result.current.loadOlder());
    expect(sent.at(-1)).toMatchObject({ path: `/chat/detail-room/${roomId}`, query: '?before=m3' });
    expect(ids(result.current.messages)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(result.current.hasMore).toBe(false);

    // Away for a while: a message came meanwhile; back, the newest page is read again.
    await waitFor(() => expect(opened()).toHaveLength(1));
    act(() => socket().connects());
    act(() => socket().drops());
    stored.push(chatMessage(6, 2));
    const before = sent.length;
    act(() => socket().connects());
    await waitFor(() => expect(ids(result.current.messages)).toContain('m6'));
    expect(sent.slice(before)[0]).toMatchObject({ query: '' });
    expect(ids(result.current.messages)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    // What is shown already reaches the first message.
    expect(result.current.hasMore).toBe(false);
  });
});
