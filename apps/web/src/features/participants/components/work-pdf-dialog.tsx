import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { PdfViewer } from '@ajar/player/pdf/pdf-viewer';
import { errorMessage } from '@/api/http';
import { useWorkBytes } from '../api/download-work';

export interface WorkPdfDialogProps {
  /** The work's API path and name; null keeps the dialog closed. */
  file: { url: string; name: string } | null;
  onClose: () => void;
  /** 'Unduh', the fallback when the PDF cannot be shown. */
  onDownload: () => void;
}

/**
 * A participant's PDF work read in the back office (full screen on a phone), drawn by the shared
 * pdf.js viewer from bytes fetched with the staff session; 'Unduh' stays as the fallback.
 */
export function WorkPdfDialog({ file, onClose, onDownload }: WorkPdfDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const bytes = useWorkBytes(file?.url ?? null);
  return (
    <Dialog open={file !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle sx={{ wordBreak: 'break-all' }}>{file?.name}</DialogTitle>
      <DialogContent dividers>
        {bytes.isError ? (
          <Alert severity="error">{errorMessage(bytes.error)}</Alert>
        ) : bytes.data ? (
          <PdfViewer source={bytes.data} />
        ) : (
          <Skeleton variant="rectangular" height={320} aria-label="Memuat PDF" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDownload}>Unduh</Button>
        <Button onClick={onClose} variant="contained">
          Tutup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
