import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { useSnackbar } from 'notistack';
import { useLocation, useNavigate } from 'react-router';
import {
  trainerNotificationMessages as M,
  trainerNotificationPage,
} from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import { boundedPageLimit } from '@ajar/shared/common/envelope';
import type { TrainerNotification } from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import { errorMessage } from '@/api/http';
import {
  useMarkNotificationRead,
  useTrainerNotifications,
  useUnreadNotificationCount,
} from '../api/trainer-notifications';
import { fromNow } from '../lib/relative-time';
import { useNotificationRealtime } from '../lib/use-notification-realtime';

/** Program › topic › activity under a notification (spec 01 §3 `additional`). */
function contextLine(n: TrainerNotification) {
  const { program, topic, activity } = n.additional;
  return [program?.name, topic?.name, activity?.name].filter(Boolean).join(' › ');
}

function NotificationItem(props: {
  notification: TrainerNotification;
  onOpen: (n: TrainerNotification) => void;
}) {
  const n = props.notification;
  const context = contextLine(n);
  return (
    <ListItemButton
      onClick={() => props.onOpen(n)}
      aria-label={`${n.notification.title}${n.read ? '' : ' (belum terbaca)'}`}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        bgcolor: n.read ? undefined : 'action.hover',
      }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: n.read ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: n.read ? 500 : 700 }}>
          {n.notification.title}
        </Typography>
        <Typography variant="body2" component="p" sx={{ wordBreak: 'break-word' }}>
          {n.notification.description}
        </Typography>
        {context ? (
          <Typography variant="caption" component="p" color="text.secondary" noWrap>
            {context}
          </Typography>
        ) : null}
        <Typography variant="caption" component="p" color="text.secondary">
          {fromNow(n.created_at)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}

function NotificationList(props: { onOpen: (n: TrainerNotification) => void }) {
  const [limit, setLimit] = useState<number>(trainerNotificationPage.first);
  const query = useTrainerNotifications(limit, true);
  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  if (query.isPending) {
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={24} aria-label="Memuat notifikasi" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Typography color="error" sx={{ p: 2 }}>
        {errorMessage(query.error)}
      </Typography>
    );
  }
  if (list.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {M.empty}
      </Typography>
    );
  }
  return (
    <>
      <List disablePadding aria-label="Daftar notifikasi">
        {list.map((n, i) => (
          <Box component="li" key={n.id} sx={{ listStyle: 'none' }}>
            {i > 0 ? <Divider component="div" /> : null}
            <NotificationItem notification={n} onOpen={props.onOpen} />
          </Box>
        ))}
      </List>
      {/* The list shows at most one page of the API (1–100): older ones are read in their screens. */}
      {total > list.length && limit < boundedPageLimit ? (
        <Box sx={{ p: 1, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Button
            size="small"
            disabled={query.isFetching}
            onClick={() =>
              setLimit((n) => Math.min(n + trainerNotificationPage.more, boundedPageLimit))
            }
          >
            {M.showMore}
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/**
 * The top bar's bell (spec 01 §2, §4, §9): the unread count, the newest notifications in a
 * popover, live pop-ups. A click marks the notification read and opens what it is about.
 */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const count = useUnreadNotificationCount().data;
  const markRead = useMarkNotificationRead();
  const dismissPopups = useNotificationRealtime();

  const open = async (n: TrainerNotification) => {
    setAnchor(null);
    if (!n.read) {
      try {
        await markRead.mutateAsync(n.id);
        enqueueSnackbar(M.read, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    }
    // A hash link ('#unduhan' of a job) opens something over the page the user is on.
    if (n.link?.startsWith('#')) void navigate({ search: location.search, hash: n.link });
    else if (n.link) void navigate(n.link);
  };

  return (
    <>
      <Tooltip title={M.bell}>
        <IconButton
          // The name carries a count only once it is known, never a 0 still loading; the badge
          // shows no digit until then either, or the name would not contain the visible text.
          aria-label={count === undefined ? M.bell : `${M.bell}: ${count} belum terbaca`}
          aria-haspopup="true"
          onClick={(e) => {
            dismissPopups();
            setAnchor(e.currentTarget);
          }}
        >
          <Badge badgeContent={count} color="error" max={99} data-testid="notification-badge">
            <NotificationsNoneRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 520 } },
        }}
      >
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{
            px: 2,
            py: 1.5,
            fontWeight: 700,
            // Stays in view while the longer list scrolls.
            position: 'sticky',
            top: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {M.bell}
        </Typography>
        <NotificationList onOpen={(n) => void open(n)} />
      </Popover>
    </>
  );
}
