import { useState } from 'react';
import { Button, Card, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from 'notistack';
import {
  auditActionLabels,
  auditActions,
  auditMessages,
  auditSubjectLabels,
  auditSubjectTypes,
} from '@ajar/shared/audit/audit.constants';
import type { AuditEntry } from '@ajar/shared/audit/audit.schemas';
import { errorMessage } from '@/api/http';
import { DateField } from '@/components/date-field';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useFileOrJobReply } from '@/lib/jobs';
import { useAuditLog, useAuditPeople, useExportAuditLog } from '../api/get-audit-log';
import { AuditEntryDialog } from '../components/audit-entry-dialog';
import { AuditLogTable } from '../components/audit-log-table';
import { pageSizes, useAuditLogParams } from '../lib/use-audit-log-params';

/**
 * '/log-aktivitas' — the audit trail (superadmin only): filter by person, data, action and days,
 * server paging, an entry's before/after in a dialog, and the filter's entries as an .xlsx.
 */
export function AuditLogPage() {
  const { enqueueSnackbar } = useSnackbar();
  const { page, limit, filter, update } = useAuditLogParams();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const log = useAuditLog({ page, limit, ...filter });
  const people = useAuditPeople();
  const exporter = useExportAuditLog();
  const fileOrJob = useFileOrJobReply();
  const set = (key: string) => (value: string) => update({ [key]: value || null, page: null });
  // A day reaches the URL once typed whole (or cleared); the field keeps the text meanwhile.
  const setDay = (key: string) => (value: string) => {
    if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) set(key)(value);
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <TextField
          select
          size="small"
          label="Pelaku"
          value={filter.actor_user_id ?? ''}
          onChange={(e) => set('actor_user_id')(e.target.value)}
          sx={{ width: { xs: '100%', md: 220 } }}
        >
          <MenuItem value="">Semua Pelaku</MenuItem>
          {(people.data?.list ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.fullname}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Jenis Data"
          value={filter.subject_type ?? ''}
          onChange={(e) => set('subject_type')(e.target.value)}
          sx={{ width: { xs: '100%', md: 180 } }}
        >
          <MenuItem value="">Semua Data</MenuItem>
          {auditSubjectTypes.map((key) => (
            <MenuItem key={key} value={key}>
              {auditSubjectLabels[key]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Aksi"
          value={filter.action ?? ''}
          onChange={(e) => set('action')(e.target.value)}
          sx={{ width: { xs: '100%', md: 240 } }}
        >
          <MenuItem value="">Semua Aksi</MenuItem>
          {auditActions.map((key) => (
            <MenuItem key={key} value={key}>
              {auditActionLabels[key]}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          size="small"
          label="Dari"
          value={filter.from ?? ''}
          onChange={setDay('from')}
          sx={{ width: { xs: '100%', md: 160 } }}
        />
        <DateField
          size="small"
          label="Sampai"
          value={filter.to ?? ''}
          onChange={setDay('to')}
          sx={{ width: { xs: '100%', md: 160 } }}
        />
        <Button
          variant="outlined"
          onClick={() =>
            exporter.mutate(filter, {
              onSuccess: (reply) => fileOrJob(reply, auditMessages.exported),
              onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
            })
          }
          disabled={exporter.isPending || log.isError}
          startIcon={
            exporter.isPending ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />
          }
          sx={{ ml: { md: 'auto' }, whiteSpace: 'nowrap' }}
        >
          Export
        </Button>
      </Stack>

      <Card>
        {log.isError && (
          <LoadErrorAlert error={log.error} onRetry={() => void log.refetch()} sx={{ m: 2 }} />
        )}
        <AuditLogTable
          rows={log.data?.list}
          loading={log.isPending}
          dimmed={log.isPlaceholderData}
          skeletonRows={limit}
          pagination={{ total: log.data?.total ?? 0, page, limit, pageSizes, onChange: update }}
          onOpen={setOpen}
        />
      </Card>
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
