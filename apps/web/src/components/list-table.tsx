import type { ReactNode } from 'react';
import {
  Box,
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
  type SxProps,
  type Theme,
} from '@mui/material';
import { ListPagination, type ListPaginationProps } from './list-pagination';

/** The head row style of the back office's list tables (muted, bold, on a light band). */
export const listTableHeadSx = {
  '& .MuiTableCell-head': {
    fontWeight: 600,
    color: 'text.secondary',
    bgcolor: 'grey.50',
    whiteSpace: 'nowrap',
  },
} as const;

export type SortDir = 'asc' | 'desc';

/** A sort direction read from the URL (`asc`/`desc`), or null when the list keeps its default. */
export function readSortDir(value: string | null): SortDir | null {
  return value === 'asc' || value === 'desc' ? value : null;
}

/** One column: its head, how a row fills it, its skeleton while the first page loads. */
export interface ListColumn<T> {
  header: ReactNode;
  align?: 'right' | 'center';
  /** Width of the head cell (`'45%'`, `90`). */
  width?: number | string;
  /** A sortable head: the direction in effect (null: not sorted by it) and the toggle. */
  sort?: { dir: SortDir | null; onToggle: () => void };
  /** Width of the loading skeleton (default `'70%'`). */
  skeleton?: number | string;
  /** Style of the body cells. */
  sx?: SxProps<Theme>;
  /**
   * A detail column left out below the `sm` breakpoint, so a narrow screen (390 px) shows the
   * name and the row's actions without scrolling sideways.
   */
  wide?: boolean;
  cell: (row: T) => ReactNode;
}

const hiddenWhenNarrow = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** What a list page hands its table: the page of rows, its loading state, the paging under it. */
export interface ListTableData<T> {
  /** The page's rows; undefined until the first page has loaded. */
  rows: T[] | undefined;
  loading: boolean;
  /** The previous page stays visible, dimmed, while the next one loads. */
  dimmed?: boolean;
  /** Skeleton rows while the first page loads (default 5). */
  skeletonRows?: number;
  pagination: ListPaginationProps;
}

export interface ListTableProps<T> extends ListTableData<T> {
  /** The table's accessible name ('Daftar Program'). */
  label: string;
  minWidth: number;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string;
  /** The empty page: a text, with an icon above it when given. */
  empty: { text: string; icon?: ReactNode };
  /** Makes a whole row a link (a pointer cursor, the click opens the row). */
  onRowClick?: (row: T) => void;
  rowSx?: (row: T) => SxProps<Theme>;
}

/**
 * The back office's list table: a muted head (sortable columns), skeleton rows while the first
 * page loads, an empty note, the rows, and the server paging under it. Features give only their
 * columns.
 */
export function ListTable<T>({
  label,
  minWidth,
  columns,
  rows,
  loading,
  dimmed = false,
  skeletonRows = 5,
  pagination,
  rowKey,
  empty,
  onRowClick,
  rowSx,
}: ListTableProps<T>) {
  return (
    <>
      <Box sx={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity .2s' }}>
        <TableContainer>
          <Table
            aria-label={label}
            // With its detail columns left out, a narrow screen's table fits the screen.
            sx={{ minWidth: { xs: columns.some((c) => c.wide) ? 0 : minWidth, sm: minWidth } }}
          >
            <TableHead sx={listTableHeadSx}>
              <TableRow>
                {columns.map((column, c) => (
                  <TableCell
                    key={c}
                    align={column.align}
                    sortDirection={column.sort ? (column.sort.dir ?? false) : undefined}
                    sx={[
                      column.width === undefined ? {} : { width: column.width },
                      column.wide ? hiddenWhenNarrow : {},
                    ]}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={column.sort.dir !== null}
                        direction={column.sort.dir ?? 'desc'}
                        onClick={column.sort.onToggle}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading && !rows
                ? Array.from({ length: skeletonRows }, (_, i) => (
                    <TableRow key={i} aria-hidden>
                      {columns.map((column, c) => (
                        <TableCell
                          key={c}
                          align={column.align}
                          sx={column.wide ? hiddenWhenNarrow : undefined}
                        >
                          <Skeleton
                            width={column.skeleton ?? '70%'}
                            sx={column.align === 'right' ? { ml: 'auto' } : undefined}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : null}
              {rows && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 6, borderBottom: 0 }}>
                    <Stack alignItems="center" spacing={1} sx={{ color: 'text.secondary' }}>
                      {empty.icon}
                      <Typography>{empty.text}</Typography>
                    </Stack>
                  </TableCell>
                </TableRow>
              )}
              {rows?.map((row) => (
                <TableRow
                  key={rowKey(row)}
                  hover
                  onClick={onRowClick && (() => onRowClick(row))}
                  sx={[onRowClick ? { cursor: 'pointer' } : {}, ...asArray(rowSx?.(row))]}
                >
                  {columns.map((column, c) => (
                    <TableCell
                      key={c}
                      align={column.align}
                      sx={[...asArray(column.sx), column.wide ? hiddenWhenNarrow : {}]}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <ListPagination {...pagination} />
    </>
  );
}

/** MUI's way to merge `sx` values: an array of them. */
function asArray(sx: SxProps<Theme> | undefined) {
  return sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
}

/** The muted icon above an empty list's text. */
export const emptyIconSx = { fontSize: 40, color: 'text.disabled' } as const;
