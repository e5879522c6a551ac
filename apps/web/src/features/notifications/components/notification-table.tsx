import {
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import {
  notificationMessages,
  notificationTargetLabels,
} from '@ajar/shared/notifications/notifications.constants';
import type { SentNotification } from '@ajar/shared/notifications/notifications.schemas';
import { listTableHeadSx } from '@/components/list-table';
import { formatDateTime } from '@ajar/shared/common/datetime';

export interface NotificationTableProps {
  rows: SentNotification[] | undefined;
  loading: boolean;
  skeletonRows: number;
}

const columns = [
  'Target',
  'Nama Program',
  'Progress Min(%)',
  'Progress Maks(%)',
  'Dikirim pada',
  'Pesan',
] as const;

/** Sent notifications (spec 01 §2); under each message, how many got it in-app and by push. */
export function NotificationTable({ rows, loading, skeletonRows }: NotificationTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Notifikasi" sx={{ minWidth: 860 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={c.startsWith('Progress') ? 'center' : 'left'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {columns.map((c) => (
                    <TableCell key={c}>
                      <Skeleton width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <NotificationsOffOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>{notificationMessages.empty}</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell sx={{ maxWidth: 160 }}>{notificationTargetLabels[row.type]}</TableCell>
              <TableCell sx={{ maxWidth: 200 }}>{row.program?.title ?? '-'}</TableCell>
              <TableCell align="center">{row.progress.progress_start}</TableCell>
              <TableCell align="center">{row.progress.progress_end}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</TableCell>
              <TableCell sx={{ minWidth: 240, maxWidth: 380 }}>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
