import {
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import {
  attendanceColumns as C,
  attendanceTexts,
} from '@ajar/shared/attendance/attendance.constants';
import type { Attendance } from '@ajar/shared/attendance/attendance.schemas';
import { listTableHeadSx } from '@/components/list-table';
import { formatDateTime } from '@ajar/shared/common/datetime';

export interface AttendanceTableProps {
  rows: Attendance[] | undefined;
  loading: boolean;
  skeletonRows: number;
  dir: 'asc' | 'desc';
  onToggleSort: () => void;
}

const columnCount = 4;

/** Attendance records (spec 01 §2): Nama Peserta, Program, Tanggal Absen (sortable), Nomor Whatsapp. */
export function AttendanceTable({
  rows,
  loading,
  skeletonRows,
  dir,
  onToggleSort,
}: AttendanceTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Presensi" sx={{ minWidth: 720 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell>{C.fullname}</TableCell>
            <TableCell>{C.program}</TableCell>
            <TableCell sortDirection={dir}>
              <TableSortLabel active direction={dir} onClick={onToggleSort}>
                {C.createdAt}
              </TableSortLabel>
            </TableCell>
            <TableCell>{C.phone}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {Array.from({ length: columnCount }, (_, c) => (
                    <TableCell key={c}>
                      <Skeleton width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columnCount} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <EventBusyOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>{attendanceTexts.empty}</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{row.member.fullname}</TableCell>
              <TableCell>
                <Typography variant="body2">{row.program.title}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {row.topic.name} · {row.activity.name}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.member.phone ?? '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
