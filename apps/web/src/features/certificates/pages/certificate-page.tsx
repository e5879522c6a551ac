import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import {
  certificateKindLabels,
  certificateMessages,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import { errorMessage, isMissingRecord } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { NotFoundMessage } from '@/layout/not-found-page';
import { pathTo } from '@/routes/paths';
import { downloadCertificate } from '../api/download-certificate';
import { useRedeem } from '../api/get-redeem';

type Status = { state: 'idle' | 'preparing' | 'done' } | { state: 'error'; message: string };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{value}</Typography>
    </Stack>
  );
}

/**
 * '/certificate-participant/{id}' and '/certificate-graduation/{id}' (spec 01 §2): reads the
 * redemption, then builds and downloads its certificate (sertifikat.pdf) straight away, showing
 * what is happening, the reason when the server refuses, and a button to download again.
 */
function CertificatePage({ kind }: { kind: CertificateKind }) {
  const { id = '' } = useParams();
  const redeem = useRedeem(id);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const started = useRef(false);
  const { refetch } = redeem;

  const download = useCallback(async () => {
    setStatus({ state: 'preparing' });
    try {
      await downloadCertificate(kind, id);
      setStatus({ state: 'done' });
      // The number is issued on the first download: read it back for the page.
      void refetch();
    } catch (error) {
      setStatus({ state: 'error', message: errorMessage(error) });
    }
  }, [id, kind, refetch]);

  // Spec: the page downloads on its own once the redemption is read (once, also in StrictMode).
  useEffect(() => {
    if (!redeem.data || started.current) return;
    started.current = true;
    void download();
  }, [redeem.data, download]);

  if (redeem.isError && isMissingRecord(redeem.error)) return <NotFoundMessage />;
  if (redeem.isError) return <LoadErrorAlert error={redeem.error} />;
  const data = redeem.data;
  const issued = data?.certificates.find((c) => c.kind === kind);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h1">
              {certificateKindLabels[kind]}
            </Typography>
            {!data ? (
              <CircularProgress size={28} aria-label="Memuat" />
            ) : (
              <Stack spacing={1}>
                <Field label="Nama Peserta" value={data.member.fullname} />
                <Field label="Program" value={data.program.title} />
                <Field
                  label="Template"
                  value={data.program.is_prakerja ? 'Program Prakerja' : 'Program Umum'}
                />
                <Field label="Kode Voucher" value={data.license} />
                {issued && <Field label="Nomor Sertifikat" value={issued.number} />}
              </Stack>
            )}
            <Divider />
            {status.state === 'preparing' && (
              <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} />
                <Typography>{certificateMessages.preparing}</Typography>
              </Stack>
            )}
            {status.state === 'done' && (
              <Alert severity="success">{certificateMessages.downloaded}</Alert>
            )}
            {status.state === 'error' && <Alert severity="error">{status.message}</Alert>}
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                disabled={!data || status.state === 'preparing'}
                onClick={() => void download()}
              >
                {certificateMessages.downloadAgain}
              </Button>
              {data && (
                <Button
                  component={RouterLink}
                  to={pathTo('program-users', { id: data.program.id })}
                  startIcon={<ArrowBackIcon />}
                >
                  {certificateMessages.backToParticipants}
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

export function CertificateParticipantPage() {
  return <CertificatePage kind="participant" />;
}

export function CertificateGraduationPage() {
  return <CertificatePage kind="graduation" />;
}
