import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ChatRoomItem } from '@ajar/shared/chat/chat.schemas';
import { pathTo } from '@/routes/paths';
import { ChatPanel } from '../components/chat-panel';
import { ChatRoomList } from '../components/chat-room-list';

/**
 * Private discussion (spec 01 §2, §4): the rooms (all of the viewer's, or one program's), and the
 * chat panel of the room in `?room=`. A room opened from the list shows on that program's private
 * page; the open panel marks it read.
 */
function PrivateDiscussion({
  programId,
  context,
}: {
  programId?: string;
  context?: { topic: string; activity: string };
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const roomId = search.get('room') ?? undefined;
  const page = Number(search.get('page') ?? '1') || 1;

  const open = (room: ChatRoomItem) => {
    if (programId) {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        next.set('room', room.id);
        return next;
      });
    } else {
      void navigate(
        `${pathTo('discussion-private-program', { id: room.program.id })}?room=${room.id}`,
      );
    }
  };
  const setPage = (p: number) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('page', String(p));
      return next;
    });

  return (
    <Box
      sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', lg: 'nowrap' }, alignItems: 'start' }}
    >
      <ChatRoomList
        programId={programId}
        selectedId={roomId}
        page={page}
        onPage={setPage}
        onOpen={open}
      />
      {roomId ? (
        <ChatPanel key={roomId} roomId={roomId} context={context} />
      ) : (
        // With no room chosen (any of the pages), the space the chat takes says what to do.
        <Paper
          variant="outlined"
          sx={{ height: 500, width: '100%', maxWidth: 700, display: 'grid', placeItems: 'center' }}
        >
          <Typography color="text.secondary">Pilih diskusi untuk mulai chat</Typography>
        </Paper>
      )}
    </Box>
  );
}

/** `/discussion/private`. */
export function PrivateDiscussionPage() {
  return <PrivateDiscussion />;
}

/** `/discussion/private/program/{id}`: that program's rooms. */
export function PrivateProgramDiscussionPage() {
  const { id } = useParams();
  return <PrivateDiscussion key={id} programId={id} />;
}

/** `/discussion/private/program/{program}/{topic}/{id}`: messages sent carry that activity. */
export function PrivateActivityDiscussionPage() {
  const { program, topic, id } = useParams();
  return (
    <PrivateDiscussion
      key={`${program}/${id}`}
      programId={program}
      context={topic && id ? { topic, activity: id } : undefined}
    />
  );
}
