import { TablePagination } from '@mui/material';

/** What a page or page-size change asks of the list's URL state (`null` drops the parameter). */
export type ListPageChange = { page: string | null } | { limit: string | null; page: null };

export interface ListPaginationProps {
  total: number;
  /** 1-based page in effect. */
  page: number;
  limit: number;
  /** Rows-per-page choices; with a single choice the selector is hidden. */
  pageSizes: readonly number[];
  /** When given, choosing this size drops `limit` from the URL instead of writing it. */
  defaultLimit?: number;
  onChange: (change: ListPageChange) => void;
}

const itemLabels = {
  first: 'Halaman pertama',
  last: 'Halaman terakhir',
  next: 'Halaman berikutnya',
  previous: 'Halaman sebelumnya',
} as const;

/** Server paging under a list, with Indonesian labels ('Baris per halaman', '1–5 dari 12'). */
export function ListPagination({
  total,
  page,
  limit,
  pageSizes,
  defaultLimit,
  onChange,
}: ListPaginationProps) {
  const lastPage = Math.max(0, Math.ceil(total / limit) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : Math.min(page - 1, lastPage)}
      rowsPerPage={limit}
      rowsPerPageOptions={[...pageSizes]}
      labelRowsPerPage="Baris per halaman"
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} dari ${count}`}
      getItemAriaLabel={(type) => itemLabels[type]}
      onPageChange={(_event, next) => onChange({ page: next === 0 ? null : String(next + 1) })}
      onRowsPerPageChange={(event) =>
        onChange({
          limit: Number(event.target.value) === defaultLimit ? null : event.target.value,
          page: null,
        })
      }
    />
  );
}
