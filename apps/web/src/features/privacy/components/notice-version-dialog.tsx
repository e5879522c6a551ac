import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { usePrivacyNoticeVersion } from '../api/privacy-notice';

/** One saved version of the notice, as participants read it then. */
export function NoticeVersionDialog({
  version,
  onClose,
}: {
  version: number | null;
  onClose: () => void;
}) {
  const notice = usePrivacyNoticeVersion(version);
  return (
    <Dialog open={version !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {privacyNoticeMessages.title} versi {version}
      </DialogTitle>
      <DialogContent dividers>
        {notice.isError && (
          <LoadErrorAlert error={notice.error} onRetry={() => void notice.refetch()} />
        )}
        {notice.data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Disimpan {formatDateTime(notice.data.created_at)}
            </Typography>
            <Box component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {notice.data.content}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Tutup</Button>
      </DialogActions>
    </Dialog>
  );
}
