import { Link as RouterLink } from 'react-router';
import {
  IconButton,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Reseller } from '@ajar/shared/resellers/resellers.schemas';
import { listTableHeadSx } from '../../../components/list-table';
import { pathTo } from '../../../routes/paths';

export type SortDir = 'asc' | 'desc';

export interface ResellerTableProps {
  rows: Reseller[] | undefined;
  loading: boolean;
  skeletonRows: number;
  /** Direction of the 'Total Pengguna' sort, or null when sorted by creation date. */
  totalSort: SortDir | null;
  onToggleTotalSort: () => void;
  onEdit: (reseller: Reseller) => void;
}

const numberFormat = new Intl.NumberFormat('id-ID');

/** 'Daftar Reseller' table (spec 01 §2): Nama Reseller, Kode Referral, Total Pengguna, Aksi. */
export function ResellerTable({
  rows,
  loading,
  skeletonRows,
  totalSort,
  onToggleTotalSort,
  onEdit,
}: ResellerTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Reseller" sx={{ minWidth: 560 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell sx={{ width: '45%' }}>Nama Reseller</TableCell>
            <TableCell>Kode Referral</TableCell>
            <TableCell align="right" sortDirection={totalSort ?? false}>
              <TableSortLabel
                active={totalSort !== null}
                direction={totalSort ?? 'desc'}
                onClick={onToggleTotalSort}
              >
                Total Pengguna
              </TableSortLabel>
            </TableCell>
            <TableCell align="right" sx={{ width: 90 }}>
              Aksi
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  <TableCell>
                    <Skeleton width="70%" />
                  </TableCell>
                  <TableCell>
                    <Skeleton width={90} />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton width={40} sx={{ ml: 'auto' }} />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton width={32} sx={{ ml: 'auto' }} />
                  </TableCell>
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} sx={{ py: 6, borderBottom: 0 }}>
                <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                  <StorefrontOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography>Tidak ada reseller</Typography>
                </Stack>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((reseller) => (
            <TableRow key={reseller.id} hover>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{reseller.fullname}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {reseller.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }}>
                {reseller.referral.code}
              </TableCell>
              <TableCell align="right">
                <Link
                  component={RouterLink}
                  to={pathTo('list-referal', { id: reseller.referral.code })}
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                  aria-label={`Total Pengguna ${reseller.fullname}: ${reseller.referral.total_user}`}
                >
                  {numberFormat.format(reseller.referral.total_user)}
                </Link>
              </TableCell>
              <TableCell align="right">
                <Tooltip title="Edit">
                  <IconButton
                    size="small"
                    aria-label={`Edit ${reseller.fullname}`}
                    onClick={() => onEdit(reseller)}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
