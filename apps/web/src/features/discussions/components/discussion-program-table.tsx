import { Chip, Typography } from '@mui/material';
import type { DiscussionProgram } from '@ajar/shared/discussions/discussions.schemas';
import { ListTable, type ListTableData, type SortDir } from '@/components/list-table';

export interface DiscussionProgramTableProps extends ListTableData<DiscussionProgram> {
  /** Direction of the 'Pesan Belum Terbaca' sort, or null when sorted by creation date. */
  unreadSort: SortDir | null;
  onToggleUnreadSort: () => void;
  onOpen: (program: DiscussionProgram) => void;
}

/** Nama Program, Bidang Studi, Pesan Belum Terbaca (spec 01 §2); a row opens the program. */
export function DiscussionProgramTable({
  unreadSort,
  onToggleUnreadSort,
  onOpen,
  ...data
}: DiscussionProgramTableProps) {
  return (
    <ListTable
      {...data}
      label="Daftar Program Diskusi"
      minWidth={560}
      rowKey={(program) => program.id}
      empty={{ text: 'Tidak ada program' }}
      onRowClick={onOpen}
      columns={[
        {
          header: 'Nama Program',
          width: '55%',
          cell: (program) => (
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
          ),
        },
        {
          header: 'Bidang Studi',
          skeleton: '60%',
          cell: (program) => program.studies?.title ?? '-',
        },
        {
          header: 'Pesan Belum Terbaca',
          align: 'right',
          sort: { dir: unreadSort, onToggle: onToggleUnreadSort },
          skeleton: 40,
          cell: (program) => <UnreadCount value={program.total_unread} />,
        },
      ]}
    />
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
