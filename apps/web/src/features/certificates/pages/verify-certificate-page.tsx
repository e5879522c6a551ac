import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  certificateIssuer,
  certificateKindLabels,
  certificateMessages,
} from '@ajar/shared/certificates/certificates.constants';
import {
  formatIndonesianDate,
  formatLearningTime,
} from '@ajar/shared/certificates/certificates.rules';
import type { CertificateVerification } from '@ajar/shared/certificates/certificates.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { useCertificateVerification } from '../api/verify-certificate';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

/** The heading: genuine and in force, expired, replaced by a correction, or revoked. */
function Verdict({ data }: { data: CertificateVerification }) {
  const verdicts = {
    valid: { Icon: VerifiedIcon, color: 'success', text: certificateMessages.genuine },
    expired: { Icon: EventBusyIcon, color: 'error', text: certificateMessages.expiredHeading },
    replaced: { Icon: SwapHorizIcon, color: 'warning', text: certificateMessages.replacedHeading },
    revoked: { Icon: HighlightOffIcon, color: 'error', text: certificateMessages.revokedHeading },
  } as const;
  // Replaced and revoked say more than an ended validity does.
  const { Icon, color, text } =
    verdicts[data.status === 'valid' && data.expired ? 'expired' : data.status];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Icon color={color} fontSize="large" />
      <Typography variant="h5" component="h1" color={`${color}.main`}>
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * '/verifikasi/{number}': the page a certificate's QR code opens, for anyone,
 * signed in or not. It says whether the number is genuine, whose it is and for which program, as
 * the certificate stated it; a corrected number says it was replaced and links to the number in
 * force, a revoked one says 'dicabut' with the date and reason.
 */
export function VerifyCertificatePage() {
  const { number = '' } = useParams();
  const verification = useCertificateVerification(number);
  const notFound = verification.error instanceof ApiError && verification.error.status === 404;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography
            variant="overline"
            color="text.secondary"
            sx={{ display: 'block', lineHeight: 1.6 }}
          >
            Verifikasi Sertifikat · {certificateIssuer.organization}
          </Typography>
          {verification.isPending && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 2 }}>
              <CircularProgress size={20} />
              <Typography>Memeriksa sertifikat…</Typography>
            </Stack>
          )}
          {verification.data && (
            <Stack spacing={2} sx={{ mt: 1 }}>
              <Verdict data={verification.data} />
              {verification.data.replaced_by && (
                <Alert severity="warning">
                  Sertifikat ini telah diganti dengan sertifikat hasil koreksi pada{' '}
                  {formatIndonesianDate(verification.data.replaced_by.at)}. Sertifikat yang berlaku:{' '}
                  <Link
                    component={RouterLink}
                    to={`/verifikasi/${encodeURIComponent(verification.data.replaced_by.number)}`}
                  >
                    {verification.data.replaced_by.number}
                  </Link>
                </Alert>
              )}
              {verification.data.expired && verification.data.valid_until && (
                <Alert severity="error">
                  {certificateMessages.expiredSince(
                    formatIndonesianDate(verification.data.valid_until),
                  )}
                </Alert>
              )}
              {verification.data.revoked && (
                <Alert severity="error">
                  Sertifikat ini dicabut pada {formatIndonesianDate(verification.data.revoked.at)}.
                  Alasan: {verification.data.revoked.reason}
                </Alert>
              )}
              <Row label="Nomor Sertifikat" value={verification.data.number} />
              <Row label="Nama Peserta" value={verification.data.member.fullname} />
              <Row label="Program" value={verification.data.program.title} />
              {verification.data.program.minutes > 0 && (
                <Row
                  label="Durasi Belajar"
                  value={formatLearningTime(verification.data.program.minutes)}
                />
              )}
              <Row label="Jenis" value={certificateKindLabels[verification.data.kind]} />
              <Row label="Tanggal" value={formatIndonesianDate(verification.data.issued_at)} />
              {verification.data.valid_until && (
                <Row
                  label="Berlaku Hingga"
                  value={`${formatIndonesianDate(verification.data.valid_until)}${
                    verification.data.expired ? ` (${certificateMessages.expired})` : ''
                  }`}
                />
              )}
            </Stack>
          )}
          {notFound && (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <HighlightOffIcon color="error" fontSize="large" />
                <Typography variant="h5" component="h1" color="error.main">
                  {certificateMessages.notFound}
                </Typography>
              </Stack>
              <Typography color="text.secondary">
                Nomor {number} tidak terdaftar. Periksa kembali nomor pada sertifikat.
              </Typography>
            </Stack>
          )}
          {verification.isError && !notFound && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(verification.error)}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
