import { Link as RouterLink } from 'react-router';
import { IconButton, Link, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Reseller } from '@ajar/shared/resellers/resellers.schemas';
import { emptyIconSx, ListTable, type ListTableData, type SortDir } from '@/components/list-table';
import { pathTo } from '@/routes/paths';

export interface ResellerTableProps extends ListTableData<Reseller> {
  /** Direction of the 'Total Pengguna' sort, or null when sorted by creation date. */
  totalSort: SortDir | null;
  onToggleTotalSort: () => void;
  onEdit: (reseller: Reseller) => void;
}

const numberFormat = new Intl.NumberFormat('id-ID');

/** 'Daftar Reseller' table (spec 01 §2): Nama Reseller, Kode Referral, Total Pengguna, Aksi. */
export function ResellerTable({
  totalSort,
  onToggleTotalSort,
  onEdit,
  ...data
}: ResellerTableProps) {
  return (
    <ListTable
      {...data}
      label="Daftar Reseller"
      minWidth={560}
      rowKey={(reseller) => reseller.id}
      empty={{ text: 'Tidak ada reseller', icon: <StorefrontOutlinedIcon sx={emptyIconSx} /> }}
      columns={[
        {
          header: 'Nama Reseller',
          width: '45%',
          cell: (reseller) => (
            <>
              <Typography sx={{ fontWeight: 600 }}>{reseller.fullname}</Typography>
              <Typography variant="body2" color="text.secondary">
                {reseller.email}
              </Typography>
            </>
          ),
        },
        {
          header: 'Kode Referral',
          skeleton: 90,
          sx: { fontFamily: 'monospace', fontSize: '0.95rem' },
          cell: (reseller) => reseller.referral.code,
        },
        {
          header: 'Total Pengguna',
          align: 'right',
          sort: { dir: totalSort, onToggle: onToggleTotalSort },
          skeleton: 40,
          cell: (reseller) => (
            <Link
              component={RouterLink}
              to={pathTo('list-referal', { id: reseller.referral.code })}
              underline="hover"
              sx={{ fontWeight: 600 }}
              aria-label={`Total Pengguna ${reseller.fullname}: ${reseller.referral.total_user}`}
            >
              {numberFormat.format(reseller.referral.total_user)}
            </Link>
          ),
        },
        {
          header: 'Aksi',
          align: 'right',
          width: 90,
          skeleton: 32,
          cell: (reseller) => (
            <Tooltip title="Edit">
              <IconButton
                size="small"
                aria-label={`Edit ${reseller.fullname}`}
                onClick={() => onEdit(reseller)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
