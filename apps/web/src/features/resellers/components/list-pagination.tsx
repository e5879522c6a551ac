import { TablePagination } from '@mui/material';
import { pageSizes } from '../lib/use-list-params';

export interface ListPaginationProps {
  total: number;
  page: number;
  limit: number;
  onChange: (changes: Record<string, string | null>) => void;
}

/** Server paging with the Indonesian labels of the program list. */
export function ListPagination({ total, page, limit, onChange }: ListPaginationProps) {
  const lastPage = Math.max(0, Math.ceil(total / limit) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : Math.min(page - 1, lastPage)}
      rowsPerPage={limit}
      rowsPerPageOptions={[...pageSizes]}
      labelRowsPerPage="Baris per halaman:"
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} dari ${count}`}
      getItemAriaLabel={(type) => (type === 'next' ? 'Halaman berikutnya' : 'Halaman sebelumnya')}
      onPageChange={(_event, next) => onChange({ page: next === 0 ? null : String(next + 1) })}
      onRowsPerPageChange={(event) => onChange({ limit: event.target.value, page: null })}
    />
  );
}
