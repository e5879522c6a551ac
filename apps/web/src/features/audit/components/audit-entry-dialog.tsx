import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { AuditEntry } from '@ajar/shared/audit/audit.schemas';
import { actionLabel, formatWib, roleLabel, subjectLabel } from './audit-labels';

function Values({ title, value }: { title: string; value: Record<string, unknown> | null }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {value ? JSON.stringify(value, null, 2) : '—'}
      </Box>
    </Box>
  );
}

/** One entry: who, when, from where, on what, and its values before and after. */
export function AuditEntryDialog({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{entry ? actionLabel(entry.action) : ''}</DialogTitle>
      {entry && (
        <DialogContent>
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography>Waktu: {formatWib(entry.created_at)}</Typography>
            <Typography>
              Pelaku: {entry.actor_name ?? '—'}
              {entry.actor_role ? ` (${roleLabel(entry.actor_role)})` : ''}
            </Typography>
            <Typography>Alamat IP: {entry.actor_ip ?? '—'}</Typography>
            <Typography>
              Data: {subjectLabel(entry.subject_type)} · {entry.subject_id}
            </Typography>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Values title="Sebelum" value={entry.before} />
            <Values title="Sesudah" value={entry.after} />
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Tutup</Button>
      </DialogActions>
    </Dialog>
  );
}
