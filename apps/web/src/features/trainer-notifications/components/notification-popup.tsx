import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TrainerNotification } from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';

/** The body of the live pop-up: title and description. */
export function NotificationPopup({ notification }: { notification: TrainerNotification }) {
  return (
    <Box role="status" data-testid="notification-popup" sx={{ maxWidth: 320 }}>
      <Typography variant="subtitle2" component="p">
        {notification.notification.title}
      </Typography>
      <Typography variant="body2" component="p">
        {notification.notification.description}
      </Typography>
    </Box>
  );
}
