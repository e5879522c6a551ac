import { Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import type { StaffAccount } from '@ajar/shared/users/users.schemas';
import { emptyIconSx, ListTable, type ListTableData } from '@/components/list-table';

export interface StaffTableProps extends ListTableData<StaffAccount> {
  /** The signed-in superadmin: their own account cannot be deactivated. */
  selfId: string;
  onEdit: (account: StaffAccount) => void;
  onToggleActive: (account: StaffAccount) => void;
  onSendResetLink: (account: StaffAccount) => void;
}

/** 'Daftar Pengguna' table: Nama, Email, Peran, Status, Program, Aksi. */
export function StaffTable({
  selfId,
  onEdit,
  onToggleActive,
  onSendResetLink,
  ...data
}: StaffTableProps) {
  return (
    <ListTable
      {...data}
      label="Daftar Pengguna"
      minWidth={860}
      rowKey={(account) => account.id}
      empty={{ text: 'Tidak ada pengguna', icon: <PeopleOutlineIcon sx={emptyIconSx} /> }}
      rowSx={(account) => ({ opacity: account.is_active ? 1 : 0.75 })}
      columns={[
        {
          header: 'Nama',
          cell: (account) => (
            <>
              <Typography sx={{ fontWeight: 600 }}>{account.fullname}</Typography>
              {account.phone && (
                <Typography variant="body2" color="text.secondary">
                  {account.phone}
                </Typography>
              )}
            </>
          ),
        },
        { header: 'Email', sx: { wordBreak: 'break-all' }, cell: (account) => account.email },
        { header: 'Peran', sx: { whiteSpace: 'nowrap' }, cell: (account) => account.role.name },
        {
          header: 'Status',
          cell: (account) => (
            <Chip
              size="small"
              label={account.is_active ? 'Aktif' : 'Nonaktif'}
              color={account.is_active ? 'success' : 'default'}
              variant={account.is_active ? 'filled' : 'outlined'}
            />
          ),
        },
        { header: 'Program', width: '28%', cell: (account) => <StaffPrograms account={account} /> },
        {
          header: 'Aksi',
          align: 'right',
          width: 140,
          skeleton: 90,
          sx: { whiteSpace: 'nowrap' },
          cell: (account) => (
            <StaffActions
              account={account}
              self={account.id === selfId}
              onEdit={onEdit}
              onToggleActive={onToggleActive}
              onSendResetLink={onSendResetLink}
            />
          ),
        },
      ]}
    />
  );
}

function StaffPrograms({ account }: { account: StaffAccount }) {
  return account.programs.length > 0 ? (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {account.programs.map((program) => (
        <Chip key={program.id} size="small" variant="outlined" label={program.title} />
      ))}
    </Stack>
  ) : (
    <Typography variant="body2" color="text.disabled">
      —
    </Typography>
  );
}

function StaffActions({
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
    <>
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
    </>
  );
}
