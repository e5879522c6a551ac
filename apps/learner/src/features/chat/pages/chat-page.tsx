import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { chatMessages, messageTypeMember } from '@ajar/shared/chat/chat.constants';
import type { ChatMessage } from '@ajar/shared/chat/chat.schemas';
import { mediaLimits, tooLargeMessage } from '@ajar/shared/media/media.constants';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icons';
import { useOnline } from '../../../components/offline-banner';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { pathTo } from '../../../routes/paths';
import { textToMessageHtml } from '@ajar/shared/chat/message-text';
import { imageMessage, roomIdQuery, uploadChatImage } from '../api/chat-api';
import { useLiveConnected } from '../api/live';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { useChatRoom, type PendingMessage } from '../components/use-chat-room';
import { lazyImages } from '../../../lib/data-saver';
import '../chat.css';

const maxLength = 5000;
const imageOffline = 'Gambar hanya dapat dikirim saat online.';

function Bubble({ message, readAt }: { message: ChatMessage; readAt: string | null }) {
  const mine = message.type === messageTypeMember;
  const read = mine && readAt !== null && readAt >= message.created_at;
  return (
    <li className={`bubble ${mine ? 'bubble--mine' : ''}`}>
      {!mine && <span className="bubble__name">{message.name}</span>}
      {/* Sanitised by the server (an allow-list), as the back office shows it. */}
      <div
        className="bubble__text"
        dangerouslySetInnerHTML={{ __html: lazyImages(message.message) }}
      />
      <span className="bubble__meta">
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {mine && <span className="bubble__mark">{read ? ' · Dibaca' : ' · Terkirim'}</span>}
      </span>
    </li>
  );
}

function PendingBubble({ message }: { message: PendingMessage }) {
  return (
    <li className="bubble bubble--mine bubble--pending">
      <div
        className="bubble__text"
        dangerouslySetInnerHTML={{ __html: lazyImages(message.message) }}
      />
      <span className="bubble__meta">Menunggu koneksi…</span>
    </li>
  );
}

/** 'Chat Trainer': the participant's private room with the trainer of a program, live. */
export function ChatPage() {
  const programId = useParams().programId ?? '';
  const roomId = useQuery(roomIdQuery(programId));
  const chat = useChatRoom(roomId.data?.room_id);
  const online = useOnline();
  const live = useLiveConnected();
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const count = chat.messages.length + chat.pending.length;
  const lastId = chat.messages.at(-1)?.id;

  // Follow the newest message while the participant reads at the bottom: the page scrolls to its
  // end (the text box is sticky there), also when an image arrives later and grows the list.
  const following = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      const root = document.documentElement;
      following.current = root.scrollHeight - (window.scrollY + window.innerHeight) < 120;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const toNewest = () => {
    if (following.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  };
  useEffect(() => {
    following.current = true;
    toNewest();
  }, [lastId, chat.pending.length]);

  const back = pathTo('program-detail', { programId });
  const title = chat.room ? `Chat ${chat.room.trainer.fullname}` : 'Chat Trainer';
  if (roomId.isPending)
    return (
      <Page title="Chat Trainer" back={back}>
        <PageLoading label="Membuka chat…" />
      </Page>
    );
  if (roomId.isError)
    return (
      <Page title="Chat Trainer" back={back}>
        <Alert tone="error">{errorMessage(roomId.error)}</Alert>
      </Page>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setSendError(null);
    try {
      await chat.send(textToMessageHtml(text));
      setText('');
    } catch (failure) {
      setSendError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  /** An image: checked here (type, size, online), uploaded through Ajar, then sent as a message. */
  async function sendImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    const room = roomId.data?.room_id;
    if (!file || !room) return;
    setSendError(null);
    if (!navigator.onLine) return setSendError(imageOffline);
    if (!file.type.startsWith('image/')) return setSendError(chatMessages.imageUnsupported);
    if (file.size > mediaLimits.image) return setSendError(tooLargeMessage('image'));
    setImageProgress(0);
    try {
      const image = await uploadChatImage(room, file, setImageProgress);
      await chat.send(imageMessage(image.url));
    } catch (failure) {
      setSendError(errorMessage(failure));
    } finally {
      setImageProgress(null);
    }
  }

  return (
    <Page title={title} back={back}>
      {chat.room && (
        <p className="chat-status">
          <span
            className={`presence ${chat.room.trainer_online ? 'presence--on' : ''}`}
            aria-hidden="true"
          />
          Trainer {chat.room.trainer_online ? 'online' : 'offline'}
          <span className="muted">{chat.room.program.title}</span>
        </p>
      )}
      {chat.error && <Alert tone="error">{chat.error}</Alert>}
      {chat.hasMore && (
        <Button variant="secondary" busy={chat.loadingOlder} onClick={() => void chat.loadOlder()}>
          Muat pesan sebelumnya
        </Button>
      )}
      {chat.room && count === 0 && <p className="muted">Chat masih kosong</p>}
      <ol className="chat-list" aria-label="Pesan" aria-live="polite" onLoadCapture={toNewest}>
        {chat.messages.map((m) => (
          <Bubble key={m.id} message={m} readAt={chat.room?.other_read_at ?? null} />
        ))}
        {chat.pending.map((m) => (
          <PendingBubble key={m.key} message={m} />
        ))}
      </ol>
      <form className="chat-form" onSubmit={(event) => void submit(event)}>
        {(!online || !live) && (
          <p className="muted chat-form__note">
            {online ? 'Menghubungkan…' : 'Anda offline: pesan dikirim saat koneksi kembali.'}
          </p>
        )}
        <label htmlFor="chat-text" className="visually-hidden">
          Tulis pesan
        </label>
        <div className="row chat-form__row">
          <textarea
            id="chat-text"
            className="field__input chat-form__input"
            rows={1}
            placeholder="Tulis pesan"
            value={text}
            maxLength={maxLength}
            onChange={(event) => setText(event.target.value)}
          />
          <input
            ref={imageInput}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void sendImage(event)}
          />
          <Button
            variant="secondary"
            className="chat-form__image"
            busy={imageProgress !== null}
            aria-label="Unggah gambar"
            onClick={() => imageInput.current?.click()}
          >
            <Icon name="image" />
          </Button>
          <Button type="submit" busy={busy}>
            Kirim
          </Button>
        </div>
        {imageProgress !== null && (
          <p className="muted chat-form__note" role="status">
            Mengunggah gambar… {Math.round(imageProgress * 100)}%
          </p>
        )}
        {sendError && (
          <p className="field__error" role="alert">
            {sendError}
          </p>
        )}
      </form>
    </Page>
  );
}
