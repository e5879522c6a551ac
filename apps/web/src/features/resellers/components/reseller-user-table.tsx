import {
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import GroupOffOutlinedIcon from '@mui/icons-material/GroupOffOutlined';
import type { ResellerUser } from '@ajar/shared/resellers/resellers.schemas';
import { listTableHeadSx, type SortDir } from '@/components/list-table';
import { formatDateTime } from '@ajar/shared/common/datetime';

export interface ResellerUserTableProps {
  rows: ResellerUser[] | undefined;
  loading: boolean;
  skeletonRows: number;
  /** Direction of the 'Tanggal Mulai' sort, or null when sorted by redeem date. */
  startSort: SortDir | null;
  onToggleStartSort: () => void;
  /** The redeem whose gift flag is being saved. */
  savingId: string | null;
  onToggleGift: (user: ResellerUser, gift: boolean) => void;
}

const columns = ['Kode Voucher', 'Program', 'Nama Peserta', 'No Handphone'] as const;

/** The redeems of a referral code (spec 01 §2, §3 'Reseller redeem') with the gift toggle. */
export function ResellerUserTable({
  rows,
  loading,
  skeletonRows,
  startSort,
  onToggleStartSort,
  savingId,
  onToggleGift,
}: ResellerUserTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Pengguna Reseller" sx={{ minWidth: 760 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
            <TableCell sortDirection={startSort ?? false}>
              <TableSortLabel
                active={startSort !== null}
                direction={startSort ?? 'desc'}
                onClick={onToggleStartSort}
              >
                Tanggal Mulai
              </TableSortLabel>
            </TableCell>
            <TableCell align="center">Hadiah</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {Array.from({ length: 6 }, (_, c) => (
                    <TableCell key={c}>
                      <Skeleton width="70%" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <GroupOffOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>Belum ada pengguna</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {user.license}
              </TableCell>
              <TableCell>{user.program.title}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{user.member.fullname}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.member.phone ?? '-'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(user.start_test_at)}
              </TableCell>
              <TableCell align="center">
                <Switch
                  checked={user.meta.gift === 'true'}
                  disabled={savingId === user.id}
                  onChange={(_event, value) => onToggleGift(user, value)}
                  slotProps={{ input: { 'aria-label': `Hadiah ${user.member.fullname}` } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
