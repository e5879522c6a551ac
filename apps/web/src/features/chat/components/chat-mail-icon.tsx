import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import { useNavigate } from 'react-router';
import { useCan } from '@/hooks/use-session';
import { pathTo } from '@/routes/paths';
import { useChatTotalUnread } from '../api/get-rooms';
import { useChatRealtime } from '../lib/use-chat-realtime';

function LiveMailIcon() {
  const navigate = useNavigate();
  const unread = useChatTotalUnread().data?.total_unread;
  useChatRealtime();
  return (
    <Tooltip title="Diskusi Private">
      <IconButton
        // As the bell: a count in the name and a digit on the badge only once it is known, so
        // nobody reads a 0 that is still loading as the count.
        aria-label={
          unread === undefined
            ? 'Diskusi Private'
            : `Diskusi Private: ${unread} pesan belum terbaca`
        }
        onClick={() => void navigate(pathTo('discussion-private'))}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="chat-unread-badge">
          <MailOutlineRounded />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** The top bar's private-discussion mail icon with the live unread count (spec 01 §2). */
export function ChatMailIcon() {
  return useCan('discussion.manage') ? <LiveMailIcon /> : null;
}
