import {
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import type { StaffAccount } from '@ajar/shared/users/users.schemas';
import { listTableHeadSx } from '../../../components/list-table';

export interface StaffTableProps {
  rows: StaffAccount[] | undefined;
  loading: boolean;
  skeletonRows: number;
  /** The signed-in superadmin: their own account cannot be deactivated. */
  selfId: string;
  onEdit: (account: StaffAccount) => void;
  onToggleActive: (account: StaffAccount) => void;
  onSendResetLink: (account: StaffAccount) => void;
}

const columns = 6;

/** 'Daftar Pengguna' table: Nama, Email, Peran, Status, Program, Aksi. */
export function StaffTable({
  rows,
  loading,
  skeletonRows,
  selfId,
  onEdit,
  onToggleActive,
  onSendResetLink,
}: StaffTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Pengguna" sx={{ minWidth: 860 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell>Nama</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Peran</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ width: '28%' }}>Program</TableCell>
            <TableCell align="right" sx={{ width: 140 }}>
              Aksi
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {Array.from({ length: columns }, (_, c) => (
                    <TableCell key={c}>
                      <Skeleton width={c === columns - 1 ? 90 : '70%'} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <PeopleOutlineIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>Tidak ada pengguna</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((account) => (
            <StaffRow
              key={account.id}
              account={account}
              self={account.id === selfId}
              onEdit={onEdit}
              onToggleActive={onToggleActive}
              onSendResetLink={onSendResetLink}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StaffRow({
  account,
  self,
  onEdit,
  onToggleActive,
  onSendResetLink,
}: {
  account: StaffAccount;
  self: boolean;
} & Pick<StaffTableProps, 'onEdit' | 'onToggleActive' | 'onSendResetLink'>) {
  const name = account.fullname;
  const toggleLabel = account.is_active ? 'Nonaktifkan' : 'Aktifkan';
  return (
    <TableRow hover sx={{ opacity: account.is_active ? 1 : 0.75 }}>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        {account.phone && (
          <Typography variant="body2" color="text.secondary">
            {account.phone}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{account.email}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{account.role.name}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={account.is_active ? 'Aktif' : 'Nonaktif'}
          color={account.is_active ? 'success' : 'default'}
          variant={account.is_active ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell>
        {account.programs.length > 0 ? (
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {account.programs.map((program) => (
              <Chip key={program.id} size="small" variant="outlined" label={program.title} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.disabled">
            —
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${name}`} onClick={() => onEdit(account)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={self ? 'Akun anda sendiri' : toggleLabel}>
          {/* A span keeps the tooltip on a disabled button. */}
          <span>
            <IconButton
              size="small"
              aria-label={`${toggleLabel} ${name}`}
              disabled={self}
              color={account.is_active ? 'error' : 'success'}
              onClick={() => onToggleActive(account)}
            >
              {account.is_active ? (
                <BlockOutlinedIcon fontSize="small" />
              ) : (
                <CheckCircleOutlineIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Kirim Link Reset Password">
          <span>
            <IconButton
              size="small"
              aria-label={`Kirim Link Reset Password ${name}`}
              disabled={!account.is_active}
              onClick={() => onSendResetLink(account)}
            >
              <LockResetOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
