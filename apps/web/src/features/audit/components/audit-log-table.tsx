import { Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import type { AuditEntry } from '@ajar/shared/audit/audit.schemas';
import { emptyIconSx, ListTable, type ListTableData } from '@/components/list-table';
import { actionLabel, formatWib, roleLabel, subjectLabel } from './audit-labels';

export interface AuditLogTableProps extends ListTableData<AuditEntry> {
  onOpen: (entry: AuditEntry) => void;
}

/** 'Log Aktivitas' table: Waktu, Pelaku, Aksi, Data; a row opens its before/after. */
export function AuditLogTable({ onOpen, ...data }: AuditLogTableProps) {
  return (
    <ListTable
      {...data}
      label="Log Aktivitas"
      minWidth={760}
      rowKey={(entry) => entry.id}
      onRowClick={onOpen}
      empty={{ text: 'Tidak ada aktivitas', icon: <HistoryIcon sx={emptyIconSx} /> }}
      columns={[
        { header: 'Waktu', sx: { whiteSpace: 'nowrap' }, cell: (e) => formatWib(e.created_at) },
        {
          header: 'Pelaku',
          cell: (e) => (
            <>
              <Typography sx={{ fontWeight: 600 }}>{e.actor_name ?? '—'}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[roleLabel(e.actor_role), e.actor_ip].filter(Boolean).join(' · ')}
              </Typography>
            </>
          ),
        },
        { header: 'Aksi', cell: (e) => actionLabel(e.action) },
        { header: 'Data', wide: true, cell: (e) => subjectLabel(e.subject_type) },
      ]}
    />
  );
}
