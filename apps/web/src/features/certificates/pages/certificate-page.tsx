import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  certificateKindLabels,
  certificateMessages,
  certificateStatusLabels,
  certificateTemplateLabels,
  certificateValidityLabels,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import {
  formatIndonesianDate,
  formatLearningTime,
} from '@ajar/shared/certificates/certificates.rules';
import type { IssuedCertificate } from '@ajar/shared/certificates/certificates.schemas';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { errorMessage, isMissingRecord } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { NotFoundMessage } from '@/layout/not-found-page';
import { pathTo } from '@/routes/paths';
import { downloadCertificate } from '../api/download-certificate';
import { useRedeem } from '../api/get-redeem';
import {
  CorrectCertificateDialog,
  RevokeCertificateDialog,
} from '../components/certificate-change-dialogs';

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

const statusColor = { valid: 'success', replaced: 'default', revoked: 'error' } as const;

/** Who changed a certificate, when and why. */
function changeText(c: IssuedCertificate) {
  if (!c.change) return '';
  const by = c.change.by ? ` oleh ${c.change.by}` : '';
  return `${formatDateTime(c.change.at)}${by}. Alasan: ${c.change.reason}`;
}

/** The certificates of this kind that were corrected: each number and what replaced it. */
function History({ items }: { items: IssuedCertificate[] }) {
  if (items.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="certificate-history">
      <Typography id="certificate-history" variant="subtitle2" component="h2">
        Riwayat Koreksi
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
        {items.map((c) => (
          <Typography component="li" key={c.id} variant="body2">
            <Link href={`/verifikasi/${encodeURIComponent(c.number)}`} target="_blank">
              {c.number}
            </Link>{' '}
            ({c.fullname}) diganti oleh {c.replaced_by} pada {changeText(c)}
          </Typography>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * '/certificate-participant/{id}' and '/certificate-graduation/{id}' (spec 01 §2): reads the
 * redemption, then builds and downloads its certificate (sertifikat.pdf) straight away, showing
 * what is happening, the reason when the server refuses, and a button to download again. An
 * issued certificate shows what it states (its own copy, which later profile or program edits
 * do not change) and can be corrected (a new number) or revoked with a reason; a revoked one is
 * not downloaded.
 */
function CertificatePage({ kind }: { kind: CertificateKind }) {
  const { id = '' } = useParams();
  const redeem = useRedeem(id);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const started = useRef(false);
  const { refetch } = redeem;
  const [correcting, setCorrecting] = useState<IssuedCertificate | null>(null);
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);

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

  // Spec: the page downloads on its own once the redemption is read (once, also in StrictMode);
  // a revoked certificate is not downloaded.
  useEffect(() => {
    if (!redeem.data || started.current) return;
    started.current = true;
    const revoked = redeem.data.certificates.some((c) => c.kind === kind && c.status === 'revoked');
    if (!revoked) void download();
  }, [redeem.data, download, kind]);

  if (redeem.isError && isMissingRecord(redeem.error)) return <NotFoundMessage />;
  if (redeem.isError) return <LoadErrorAlert error={redeem.error} />;
  const data = redeem.data;
  const ofKind = data?.certificates.filter((c) => c.kind === kind) ?? [];
  // The one in force (valid or revoked); the replaced ones are its history.
  const issued = ofKind.find((c) => c.status !== 'replaced');
  const replaced = ofKind.filter((c) => c.status === 'replaced');
  const revoked = issued?.status === 'revoked';

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
              </Stack>
            )}
            {issued && (
              <Stack spacing={1} component="section" aria-labelledby="certificate-issued">
                <Divider />
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Typography id="certificate-issued" variant="subtitle2" component="h2">
                    Sertifikat Terbit
                  </Typography>
                  <Chip
                    size="small"
                    color={statusColor[issued.status]}
                    label={certificateStatusLabels[issued.status]}
                  />
                  {issued.status === 'valid' && issued.expired && (
                    <Chip size="small" color="error" label={certificateMessages.expired} />
                  )}
                </Stack>
                <Field label="Nomor Sertifikat" value={issued.number} />
                <Field label="Nama pada Sertifikat" value={issued.fullname} />
                <Field label="Program pada Sertifikat" value={issued.program_title} />
                {issued.program_minutes > 0 && (
                  <Field
                    label="Durasi Belajar"
                    value={formatLearningTime(issued.program_minutes)}
                  />
                )}
                <Field label="Tanggal Sertifikat" value={formatIndonesianDate(issued.issued_at)} />
                <Field
                  label="Berlaku Hingga"
                  value={
                    issued.valid_until
                      ? formatIndonesianDate(issued.valid_until)
                      : certificateValidityLabels.none
                  }
                />
                <Field
                  label="Template Sertifikat"
                  value={certificateTemplateLabels[issued.template]}
                />
                <Field label="Diterbitkan" value={formatDateTime(issued.created_at)} />
                {data && !revoked && data.member.fullname !== issued.fullname && (
                  <Alert severity="info">
                    Nama di profil peserta berbeda dengan nama pada sertifikat. Sertifikat yang
                    sudah terbit tidak mengikuti perubahan profil; bila nama pada sertifikat salah,
                    gunakan Koreksi untuk menerbitkan nomor baru.
                  </Alert>
                )}
                {revoked && (
                  <Alert severity="error">Sertifikat dicabut pada {changeText(issued)}</Alert>
                )}
              </Stack>
            )}
            <Divider />
            {status.state === 'preparing' && (
              <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} />
                <Typography>{certificateMessages.preparing}</Typography>
              </Stack>
            )}
            {status.state === 'done' && !revoked && (
              <Alert severity="success">{certificateMessages.downloaded}</Alert>
            )}
            {status.state === 'error' && <Alert severity="error">{status.message}</Alert>}
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                disabled={!data || status.state === 'preparing' || revoked}
                onClick={() => void download()}
              >
                {certificateMessages.downloadAgain}
              </Button>
              {issued?.status === 'valid' && (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<EditOutlinedIcon />}
                    onClick={() => setCorrecting(issued)}
                  >
                    Koreksi
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<BlockIcon />}
                    onClick={() => setRevoking(issued)}
                  >
                    Cabut
                  </Button>
                </>
              )}
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
            <History items={replaced} />
          </Stack>
        </CardContent>
      </Card>
      <CorrectCertificateDialog
        certificate={correcting}
        redeemId={id}
        onClose={() => setCorrecting(null)}
      />
      <RevokeCertificateDialog
        certificate={revoking}
        redeemId={id}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}

export function CertificateParticipantPage() {
  return <CertificatePage kind="participant" />;
}

export function CertificateGraduationPage() {
  return <CertificatePage kind="graduation" />;
}
