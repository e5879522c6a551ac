import {
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { DiscussionProgram } from '@ajar/shared/discussions/discussions.schemas';
import { listTableHeadSx } from '../../../components/list-table';

export type SortDir = 'asc' | 'desc';

export interface DiscussionProgramTableProps {
  rows: DiscussionProgram[] | undefined;
  loading: boolean;
  /** Direction of the 'Pesan Belum Terbaca' sort, or null when sorted by creation date. */
  unreadSort: SortDir | null;
  onToggleUnreadSort: () => void;
  onOpen: (program: DiscussionProgram) => void;
}

/** Nama Program, Bidang Studi, Pesan Belum Terbaca (spec 01 §2); a row opens the program. */
export function DiscussionProgramTable({
  rows,
  loading,
  unreadSort,
  onToggleUnreadSort,
  onOpen,
}: DiscussionProgramTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Daftar Program Diskusi" sx={{ minWidth: 560 }}>
        <TableHead sx={listTableHeadSx}>
          <TableRow>
            <TableCell sx={{ width: '55%' }}>Nama Program</TableCell>
            <TableCell>Bidang Studi</TableCell>
            <TableCell
              align="right"
              sortDirection={unreadSort ?? false}
              sx={{ whiteSpace: 'nowrap' }}
            >
              <TableSortLabel
                active={unreadSort !== null}
                direction={unreadSort ?? 'desc'}
                onClick={onToggleUnreadSort}
              >
                Pesan Belum Terbaca
              </TableSortLabel>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  <TableCell>
                    <Skeleton width="70%" />
                  </TableCell>
                  <TableCell>
                    <Skeleton width="60%" />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton width={40} sx={{ ml: 'auto' }} />
                  </TableCell>
                </TableRow>
              ))
            : null}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                Tidak ada program
              </TableCell>
            </TableRow>
          )}
          {rows?.map((program) => (
            <TableRow
              key={program.id}
              hover
              onClick={() => onOpen(program)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                <Typography
                  component="a"
                  href={`#${program.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(program);
                  }}
                  sx={{ color: 'text.primary', fontWeight: 500, textDecoration: 'none' }}
                >
                  {program.title}
                </Typography>
              </TableCell>
              <TableCell>{program.studies?.title ?? '-'}</TableCell>
              <TableCell align="right">
                <UnreadCount value={program.total_unread} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The unread count: a coloured chip while there is something to read, a plain 0 otherwise. */
export function UnreadCount({ value }: { value: number }) {
  return value > 0 ? (
    <Chip size="small" color="error" label={value} aria-label={`${value} pesan belum terbaca`} />
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      0
    </Typography>
  );
}
