import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MemberNotification } from '@ajar/shared/notifications/notifications.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routePaths } from '../../../routes/paths';
import {
  markNotificationRead,
  notificationKeys,
  notificationListQuery,
  notificationTarget,
} from '../api/notifications-api';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { PushSwitch } from '../components/push-switch';
import '../notifications.css';

/** 'Notifikasi': newest first, unread marked; opening one marks it read and follows its link. */
export function NotificationsPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationListQuery);
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];

  async function open(item: MemberNotification) {
    if (!item.read) {
      await markNotificationRead(item.id).catch(() => undefined);
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    }
    const target = notificationTarget(item.link);
    if (target?.kind === 'app') navigate(target.path);
    else if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener');
  }

  return (
    <Page title="Notifikasi" back={routePaths['program-saya']}>
      <Card>
        <PushSwitch variant="button" />
      </Card>
      {list.isPending && <PageLoading label="Memuat notifikasi…" />}
      {list.isError && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {list.isSuccess && items.length === 0 && (
        <Card>
          <p className="muted">Belum ada notifikasi.</p>
        </Card>
      )}
      <ul className="notification-list" aria-label="Daftar notifikasi">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`notification ${item.read ? '' : 'notification--unread'}`}
              onClick={() => void open(item)}
            >
              <span className="notification__title">
                {!item.read && <span className="visually-hidden">Belum dibaca: </span>}
                {item.title}
              </span>
              <span className="notification__body">{item.description}</span>
              <span className="notification__meta">
                {item.program && `${item.program.title} · `}
                <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="secondary"
          block
          busy={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Muat lebih banyak
        </Button>
      )}
    </Page>
  );
}
