import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { ListPageChange } from '@/components/list-pagination';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useSentNotifications } from '../api/get-notifications';
import { NotificationCreateDialog } from '../components/notification-create-dialog';
import { NotificationTable } from '../components/notification-table';

const pageSizes = [5, 10, 25, 50] as const;
// The product's page sizes: lists other than the program list show 5 rows at first.
const defaultLimit = 5;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** '/notifikasi' — notifications sent to participants (spec 01 §2), and 'Notifikasi Baru'. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const limit =
    pageSizes.find((s) => s === positive(params.get('limit'), defaultLimit)) ?? defaultLimit;
  const [creating, setCreating] = useState(false);
  const notifications = useSentNotifications(page, limit);

  const update = (change: ListPageChange) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Notifikasi Baru
        </Button>
      </Stack>
      <Card>
        {notifications.isError && (
          <LoadErrorAlert
            error={notifications.error}
            onRetry={() => void notifications.refetch()}
            sx={{ m: 2 }}
          />
        )}
        <NotificationTable
          rows={notifications.data?.list}
          loading={notifications.isPending}
          dimmed={notifications.isPlaceholderData}
          skeletonRows={limit}
          pagination={{
            total: notifications.data?.total ?? 0,
            page,
            limit,
            pageSizes,
            defaultLimit,
            onChange: update,
          }}
        />
      </Card>
      <NotificationCreateDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
