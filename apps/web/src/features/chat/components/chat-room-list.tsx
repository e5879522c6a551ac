import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ChatRoomItem } from '@ajar/shared/chat/chat.schemas';
import { chatMessages } from '@ajar/shared/chat/chat.constants';
import { useChatRooms } from '../api/get-rooms';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { messageLine } from '../lib/chat-format';

const pageSize = 10;

function OnlineAvatar({ room }: { room: ChatRoomItem }) {
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      invisible={!room.member.online}
      aria-label={room.member.online ? 'Online' : 'Offline'}
      sx={{ '& .MuiBadge-dot': { bgcolor: 'success.main', boxShadow: '0 0 0 2px white' } }}
    >
      <Avatar sx={{ bgcolor: 'primary.light' }}>{room.member.fullname.slice(0, 1)}</Avatar>
    </Badge>
  );
}

/** Rooms with member name, program, last message, unread count and online dot (spec 01 §2). */
export function ChatRoomList({
  programId,
  selectedId,
  page,
  onPage,
  onOpen,
}: {
  programId?: string;
  selectedId?: string;
  page: number;
  onPage: (page: number) => void;
  onOpen: (room: ChatRoomItem) => void;
}) {
  const { data, isPending } = useChatRooms(programId, page, pageSize);
  const pages = data ? Math.max(1, Math.ceil(data.total_data / pageSize)) : 1;
  return (
    <Paper variant="outlined" sx={{ flex: '1 1 340px', minWidth: 320, maxWidth: { lg: 420 } }}>
      {isPending ? (
        <Box sx={{ p: 2 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Box>
      ) : !data || data.list.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {chatMessages.emptyRooms}
        </Typography>
      ) : (
        <List disablePadding aria-label="Daftar diskusi private">
          {data.list.map((room) => (
            // A list item around each room: the list holds only <li> (axe-core).
            <ListItem key={room.id} disablePadding>
              <ListItemButton
                selected={room.id === selectedId}
                divider
                onClick={() => onOpen(room)}
              >
                <ListItemAvatar>
                  <OnlineAvatar room={room} />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                      <Typography component="span" fontWeight={room.read ? 500 : 700} noWrap>
                        {room.member.fullname}
                      </Typography>
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ ml: 'auto', flexShrink: 0 }}
                      >
                        {formatDateTime(room.updated_at)}
                      </Typography>
                    </Box>
                  }
                  secondary={
                    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                      <Typography component="span" variant="caption" color="primary" noWrap>
                        {room.program.title}
                      </Typography>
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        <Typography component="span" variant="body2" noWrap sx={{ flex: 1 }}>
                          {room.last_message ? messageLine(room.last_message) : '-'}
                        </Typography>
                        {room.unread_message > 0 ? (
                          <Box
                            component="span"
                            aria-label={`${room.unread_message} pesan belum terbaca`}
                            sx={{
                              bgcolor: 'error.main',
                              color: 'error.contrastText',
                              borderRadius: 5,
                              px: 0.9,
                              fontSize: 12,
                              fontWeight: 700,
                            }}
                          >
                            {room.unread_message}
                          </Box>
                        ) : null}
                      </Box>
                    </Box>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => onPage(p)}
          size="small"
          sx={{ p: 1.5, display: 'flex', justifyContent: 'center' }}
        />
      ) : null}
    </Paper>
  );
}
