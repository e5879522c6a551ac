import { useState, type MouseEvent } from 'react';
import { useSnackbar } from 'notistack';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  certificateKindLabels,
  certificateKinds,
  certificateMessages,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import type { JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import { ApiError, errorMessage, http } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useJobStarted } from '@/lib/jobs';

/**
 * 'Unduh Semua Sertifikat': every eligible participant's certificate of the program as one zip
 * (`GET /api/certificate/v1/program/{id}/zip?kind=`), made as a job: the menu closes
 * at once and the zip is followed, then downloaded, in 'Unduhan'.
 */
export function CertificateZipButton({ programId }: { programId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const jobStarted = useJobStarted();
  /** A zip past the size that asks first: its question (count and estimate) and kind. */
  const [asking, setAsking] = useState<{ kind: CertificateKind; question: string } | null>(null);

  const download = async (kind: CertificateKind, confirm = false) => {
    setAnchor(null);
    setBusy(true);
    try {
      const started = await http.get<JobStarted>(
        `/certificate/v1/program/${encodeURIComponent(programId)}/zip`,
        { kind, ...(confirm ? { confirm: 'true' } : {}) },
      );
      setAsking(null);
      void jobStarted(started);
      enqueueSnackbar(jobMessages.started, { variant: 'info' });
    } catch (error) {
      // 409: a very large zip; the server says how many and how long, the user decides.
      if (error instanceof ApiError && error.status === 409 && !confirm) {
        setAsking({ kind, question: error.message });
      } else {
        setAsking(null);
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <WorkspacePremiumOutlinedIcon />}
        disabled={busy}
        aria-haspopup="menu"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        {certificateMessages.downloadAll}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {certificateKinds.map((kind) => (
          <MenuItem key={kind} onClick={() => void download(kind)}>
            {certificateKindLabels[kind]}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={asking !== null}
        title="Lanjutkan?"
        message={asking?.question}
        confirmLabel="Lanjutkan"
        loading={busy}
        onConfirm={() => asking && void download(asking.kind, true)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
