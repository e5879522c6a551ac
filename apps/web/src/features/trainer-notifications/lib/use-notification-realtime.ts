import { createElement, useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { trainerNotificationPopupMs } from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime-client';
import { trainerNotificationKeys } from '../api/trainer-notifications';
import { NotificationPopup } from '../components/notification-popup';

/** At most this many pop-ups at once: a fourth closes the oldest instead of queueing. */
const popupLimit = 3;

/**
 * A live notification (spec 01 §9): a 10 s pop-up with its title and description, the count
 * raised by 1 at once, and the lists refetched. Returns a function closing the pop-ups still
 * shown (the open bell list says the same, and the pop-ups would cover it).
 *
 * The pop-ups sit bottom left, apart from the top-right messages of the screens: never over the
 * top bar, the chat header or the chat's send button.
 */
export function useNotificationRealtime() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const popups = useRef(new Set<SnackbarKey>());
  useRealtimeEvent('notification.new', (notification) => {
    // A count fetch still in flight (e.g. the one a new connection starts) began before this
    // notification: it is cancelled first (its state reverted), so its older answer cannot
    // overwrite the raised count.
    const unread = trainerNotificationKeys.unread();
    void queryClient
      .cancelQueries({ queryKey: unread })
      .then(() => queryClient.setQueryData<number>(unread, (n) => (n ?? 0) + 1));
    void queryClient.invalidateQueries({
      queryKey: [...trainerNotificationKeys.all, 'list'],
    });
    for (const oldest of [...popups.current].slice(
      0,
      Math.max(0, popups.current.size - popupLimit + 1),
    )) {
      popups.current.delete(oldest);
      closeSnackbar(oldest);
    }
    const key = enqueueSnackbar(createElement(NotificationPopup, { notification }), {
      variant: 'info',
      autoHideDuration: trainerNotificationPopupMs,
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      onExited: () => popups.current.delete(key),
    });
    popups.current.add(key);
  });
  useRealtimeReconnect(
    () => void queryClient.invalidateQueries({ queryKey: trainerNotificationKeys.all }),
  );
  return useCallback(() => {
    for (const key of popups.current) closeSnackbar(key);
  }, [closeSnackbar]);
}
