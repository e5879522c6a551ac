import { Box, Button, Checkbox, Chip, Stack, Typography } from '@mui/material';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { attentionReasonTexts } from '@ajar/shared/analytics/attention.rules';
import type { AttentionRow } from '@ajar/shared/analytics/attention.schemas';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { ListTable, type ListColumn, type ListTableData } from '@/components/list-table';

export interface AttentionTableProps extends ListTableData<AttentionRow> {
  selected: ReadonlySet<string>;
  onToggle: (redeemId: string) => void;
  onToggleAll: (checked: boolean) => void;
  onRemind: (row: AttentionRow) => void;
  /** A send in flight: the row buttons wait. */
  sending: boolean;
}

/**
 * The participants who need a nudge: why (each reason as a chip), when they last learned and were
 * last reminded, and 'Kirim pengingat' per row; the check boxes choose whom the page's button
 * reminds.
 */
export function AttentionTable({
  selected,
  onToggle,
  onToggleAll,
  onRemind,
  sending,
  ...data
}: AttentionTableProps) {
  const rows = data.rows ?? [];
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.redeem_id));
  const someChecked = rows.some((r) => selected.has(r.redeem_id));
  const columns: ListColumn<AttentionRow>[] = [
    {
      header: (
        <Checkbox
          size="small"
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={(e) => onToggleAll(e.target.checked)}
          slotProps={{ input: { 'aria-label': 'Pilih semua peserta di halaman ini' } }}
        />
      ),
      width: 48,
      cell: (r) => (
        <Checkbox
          size="small"
          checked={selected.has(r.redeem_id)}
          onChange={() => onToggle(r.redeem_id)}
          slotProps={{ input: { 'aria-label': `Pilih ${r.fullname}` } }}
        />
      ),
    },
    {
      header: 'Peserta',
      cell: (r) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.fullname}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {r.email ?? r.phone ?? '-'} · Progres {r.progress}%
          </Typography>
        </Box>
      ),
    },
    {
      header: 'Alasan',
      cell: (r) => (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {attentionReasonTexts(r.reasons).map((text) => (
            <Chip key={text} label={text} size="small" color="warning" variant="outlined" />
          ))}
        </Stack>
      ),
    },
    {
      header: 'Aktivitas Terakhir',
      wide: true,
      cell: (r) => (r.last_activity_at ? formatDateTime(r.last_activity_at) : 'Belum pernah'),
    },
    {
      header: 'Terakhir Diingatkan',
      wide: true,
      cell: (r) => (r.last_reminded_at ? formatDateTime(r.last_reminded_at) : '-'),
    },
    {
      header: 'Aksi',
      align: 'right',
      cell: (r) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={<NotificationsActiveOutlinedIcon />}
          disabled={sending}
          onClick={() => onRemind(r)}
          aria-label={`Kirim pengingat ke ${r.fullname}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Kirim pengingat
        </Button>
      ),
    },
  ];
  return (
    <ListTable
      label="Daftar peserta yang perlu perhatian"
      minWidth={900}
      columns={columns}
      rowKey={(r) => r.redeem_id}
      empty={{ text: 'Tidak ada peserta yang perlu perhatian' }}
      {...data}
    />
  );
}
