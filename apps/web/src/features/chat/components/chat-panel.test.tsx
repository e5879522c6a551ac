import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageTypeMember } from '@ajar/shared/chat/chat.constants';
import type { ChatMessage, ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import { AppProviders } from '@/app-providers';
import { DataProviders } from '@/data-providers';
import { ChatPanel } from './chat-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let roomSeq = 0;
/** A room of its own per test: the query cache outlives a test. */
const nextRoomId = () => {
  roomSeq += 1;
  return `3f1c2b4a-0000-4000-8000-${String(roomSeq).padStart(12, '0')}`;
};
const memberId = '3f1c2b4a-0000-4000-8000-0000000000aa';

function message(roomId: string, id: string, html: string, type: number): ChatMessage {
  return {
    id,
    room_id: roomId,
    type,
    name: type === messageTypeMember ? 'Sari Peserta' : 'Budi Fasilitator',
    message: html,
    license: null,
    topic: null,
    activity: null,
    created_at: '2026-11-28T03:00:00.000Z',
  };
}

/**
 * The panel against an API that keeps what it is sent as the server does for text (the
 * server's sanitizer leaves escaped text as it is) and answers it back as the stored message.
 */
function renderPanel(roomId: string, history: ChatMessage[]) {
  const sent: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ status: 200, message: 'ok', data }), { status: 200 });
    if (url.includes('/send-message')) {
      const body = JSON.parse(String(init?.body)) as { message: string };
      sent.push(body.message);
      return ok(message(roomId, `sent-${sent.length}`, body.message, 1));
    }
    if (url.includes('/detail-room/')) {
      const room: ChatRoomDetail = {
        id: roomId,
        program_id: '3f1c2b4a-0000-4000-8000-0000000000bb',
        trainer_id: '3f1c2b4a-0000-4000-8000-0000000000cc',
        member_id: memberId,
        program: { id: '3f1c2b4a-0000-4000-8000-0000000000bb', title: 'Kelas Kopi' },
        trainer: { id: '3f1c2b4a-0000-4000-8000-0000000000cc', fullname: 'Budi Fasilitator' },
        member: { id: memberId, name: 'Sari Peserta', email: 'sari@contoh.id', online: false },
        messages: history,
        has_more: false,
        trainer_online: true,
        other_read_at: null,
      };
      return ok(room);
    }
    return ok(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders>
      <DataProviders>
        <ChatPanel roomId={roomId} />
      </DataProviders>
    </AppProviders>,
  );
  return sent;
}

async function type(text: string) {
  fireEvent.change(screen.getByLabelText('Tulis pesan'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
}

const bubbles = () => screen.getAllByTestId('chat-message');

describe('ChatPanel', () => {
  it('sends and shows what staff type exactly as typed, markup and script included', async () => {
    const sent = renderPanel(nextRoomId(), []);
    await screen.findByText('Sari Peserta');

    await type('<b>tebal</b>');
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    // Sent as text: the markup escaped, so the stored message is what was typed.
    expect(sent).toEqual(['&lt;b&gt;tebal&lt;/b&gt;']);
    const bold = bubbles()[0]!;
    expect(within(bold).getByText('<b>tebal</b>')).toBeTruthy();
    expect(bold.querySelector('b')).toBeNull();

    await type('<script>x</script>\nbaris dua & "kutip"');
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const script = bubbles()[1]!;
    expect(script.querySelector('script')).toBeNull();
    // Nothing typed is lost; the line break stays a line break.
    expect(script.textContent).toContain('<script>x</script>baris dua & "kutip"');
    expect(script.querySelector('br')).not.toBeNull();
    // The composer is empty again after sending.
    expect((screen.getByLabelText('Tulis pesan') as HTMLTextAreaElement).value).toBe('');
  });

  it("shows a participant's typed markup as text, as it was stored", async () => {
    const roomId = nextRoomId();
    renderPanel(roomId, [
      message(
        roomId,
        'm-1',
        '&lt;i&gt;miring&lt;/i&gt; &lt;script&gt;y&lt;/script&gt;',
        messageTypeMember,
      ),
    ]);
    const [bubble] = await screen.findAllByTestId('chat-message');
    expect(bubble!.textContent).toContain('<i>miring</i> <script>y</script>');
    expect(bubble!.querySelector('i')).toBeNull();
    expect(bubble!.querySelector('script')).toBeNull();
  });
});
