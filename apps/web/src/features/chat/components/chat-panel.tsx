import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { useSnackbar } from 'notistack';
import { chatMessages, chatSnackbarMs, messageTypeMember } from '@ajar/shared/chat/chat.constants';
import { textToMessageHtml } from '@ajar/shared/chat/message-text';
import type { ChatMessage } from '@ajar/shared/chat/chat.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { useChatMessages } from '../api/get-messages';
import { useReadChatRoom, useSendChatMessage } from '../api/send-message';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { isSendKey } from '../lib/chat-format';

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.type !== messageTypeMember;
  return (
    <Box
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1 }}
      data-testid="chat-message"
    >
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" sx={{ fontWeight: 700, display: 'block', opacity: 0.85 }}>
          {message.name}
          {message.activity ? ` · ${message.activity.name}` : ''}
        </Typography>
        <Box
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            '& p': { m: 0 },
            // A participant's image (an Ajar upload): inside the bubble, never wider than it.
            '& img': {
              display: 'block',
              maxWidth: '100%',
              maxHeight: 320,
              height: 'auto',
              borderRadius: 1,
            },
          }}
          // Stored messages are sanitized by the server's allow-list.
          dangerouslySetInnerHTML={{ __html: message.message }}
        />
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.7 }}>
          {formatDateTime(message.created_at)}
        </Typography>
      </Box>
    </Box>
  );
}

/** The failure text of spec 01 §8: one line per field for 'error validation'. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.validation) {
    return Object.values(error.validation).join('\n');
  }
  return errorMessage(error);
}

/**
 * The chat panel (spec 01 §2: 500 px high, 700 wide): the newest 10 messages, 10 more on
 * scrolling to the top, Enter sends (not with Shift, Ctrl or Alt), new messages arrive live.
 */
export function ChatPanel({
  roomId,
  context,
}: {
  roomId: string;
  /** The activity the conversation is about (`/discussion/private/program/…/{topic}/{id}`). */
  context?: { topic: string; activity: string };
}) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } =
    useChatMessages(roomId);
  const send = useSendChatMessage();
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);

  const pages = data?.pages ?? [];
  const room = pages[0];
  const messages = pages
    .slice()
    .reverse()
    .flatMap((p) => p.messages);
  const newestId = messages[messages.length - 1]?.id;
  const oldestId = messages[0]?.id;
  const newest = messages[messages.length - 1];
  const newestFromMember = newest?.type === messageTypeMember ? newest.id : undefined;

  // An open panel is a read room: opening it, and every member message arriving while it is
  // open, marks it read (the list's unread and the mail badge follow).
  const { mutate: markRead } = useReadChatRoom();
  useEffect(() => {
    if (newestFromMember) markRead(roomId);
  }, [markRead, roomId, newestFromMember]);

  // An older page keeps the reader's place; a new message scrolls to the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    }
  }, [oldestId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop > 40 || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  };

  const submit = () => {
    if (!text.trim()) {
      enqueueSnackbar(chatMessages.emptyMessage, {
        variant: 'error',
        autoHideDuration: chatSnackbarMs,
      });
      return;
    }
    send.mutate(
      {
        roomId,
        message: textToMessageHtml(text),
        reference_id: room?.member_id,
        ...(context ? { topic: context.topic, activity: context.activity } : {}),
      },
      {
        onSuccess: () => setText(''),
        onError: (error) =>
          enqueueSnackbar(failureText(error), {
            variant: 'error',
            autoHideDuration: chatSnackbarMs,
            style: { whiteSpace: 'pre-line' },
          }),
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ height: 500, width: '100%', maxWidth: 700, display: 'flex', flexDirection: 'column' }}
      aria-label="Chat"
      component="section"
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography fontWeight={700}>{room?.member.name ?? '…'}</Typography>
        <Typography
          variant="caption"
          color={room?.member.online ? 'success.main' : 'text.secondary'}
        >
          {room ? (room.member.online ? 'Online' : 'Offline') : ''}
          {room ? ` · ${room.program.title}` : ''}
        </Typography>
      </Box>
      <Box
        ref={scroller}
        onScroll={onScroll}
        sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1.5 }}
        role="log"
        aria-label="Pesan"
      >
        {isFetchingNextPage ? (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label="Memuat pesan" />
          </Box>
        ) : null}
        {isPending ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <CircularProgress size={24} aria-label="Memuat pesan" />
          </Box>
        ) : messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 20 }}>
            {chatMessages.emptyChat}
          </Typography>
        ) : (
          messages.map((message) => <Bubble key={message.id} message={message} />)
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          fullWidth
          multiline
          maxRows={4}
          size="small"
          placeholder="Tulis pesan"
          slotProps={{ htmlInput: { 'aria-label': 'Tulis pesan' } }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (isSendKey(e)) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <IconButton color="primary" aria-label="Kirim" onClick={submit} disabled={send.isPending}>
          <SendRounded />
        </IconButton>
      </Box>
    </Paper>
  );
}
