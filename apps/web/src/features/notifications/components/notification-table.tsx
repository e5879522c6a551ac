import { Link, Typography } from '@mui/material';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import {
  notificationMessages,
  notificationTargetLabels,
} from '@ajar/shared/notifications/notifications.constants';
import type { SentNotification } from '@ajar/shared/notifications/notifications.schemas';
import { emptyIconSx, ListTable, type ListTableData } from '@/components/list-table';
import { formatDateTime } from '@ajar/shared/common/datetime';

export type NotificationTableProps = ListTableData<SentNotification>;

/** Sent notifications (spec 01 §2); under each message, how many got it in-app and by push. */
export function NotificationTable(data: NotificationTableProps) {
  return (
    <ListTable
      {...data}
      label="Daftar Notifikasi"
      minWidth={860}
      rowKey={(row) => row.id}
      empty={{
        text: notificationMessages.empty,
        icon: <NotificationsOffOutlinedIcon sx={emptyIconSx} />,
      }}
      columns={[
        {
          header: 'Target',
          sx: { maxWidth: 160 },
          cell: (row) => notificationTargetLabels[row.type],
        },
        {
          header: 'Nama Program',
          sx: { maxWidth: 200 },
          cell: (row) => row.program?.title ?? '-',
        },
        {
          header: 'Progress Min(%)',
          align: 'center',
          cell: (row) => row.progress.progress_start,
        },
        {
          header: 'Progress Maks(%)',
          align: 'center',
          cell: (row) => row.progress.progress_end,
        },
        {
          header: 'Dikirim pada',
          sx: { whiteSpace: 'nowrap' },
          cell: (row) => formatDateTime(row.created_at),
        },
        {
          header: 'Pesan',
          sx: { minWidth: 240, maxWidth: 380 },
          cell: (row) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {row.description}
              </Typography>
              {row.link && (
                <Link
                  href={row.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                  sx={{ display: 'block', wordBreak: 'break-all' }}
                >
                  {row.link}
                </Link>
              )}
              <Typography variant="caption" color="text.secondary">
                {`${row.recipients} peserta · `}
                {row.push_state === 'done'
                  ? `${row.delivered} push terkirim`
                  : `mengirim push… (${row.delivered})`}
              </Typography>
            </>
          ),
        },
      ]}
    />
  );
}
