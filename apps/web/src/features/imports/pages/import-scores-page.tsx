import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useSnackbar } from 'notistack';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import {
  importActivityType,
  importKindLabels,
  importLimits,
  importMessages,
  importTemplatePath,
  type ImportKind,
} from '@ajar/shared/imports/imports.constants';
import type { ImportResult } from '@ajar/shared/imports/imports.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { FileDrop } from '@/components/file-drop';
import { useImportScores } from '../api/import-scores';
import { ImportResultDialog } from '../components/import-result-dialog';

const xlsxAccept = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A refused file's messages: each field message on its own line, else the general one. */
function refusalLines(error: unknown): string[] {
  const fields = error instanceof ApiError ? Object.values(error.validation ?? {}) : [];
  return fields.length > 0 ? fields : [errorMessage(error)];
}

/** Import Nilai UK (`/import`) and Import Nilai TPM (`/import-feedback`), spec 01 §2. */
export function ImportScoresPage({ kind }: { kind: ImportKind }) {
  const label = importKindLabels[kind];
  const title = `Import Nilai ${label.short}`;
  const { enqueueSnackbar } = useSnackbar();
  const importScores = useImportScores();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [resultKey, setResultKey] = useState(0);
  const topRef = useRef<HTMLDivElement>(null);

  const save = () => {
    if (!file) {
      setFileError(importMessages.fileRequired);
      return;
    }
    setRefusal(null);
    setProgress(0);
    importScores.mutate(
      { kind, file, onProgress: setProgress },
      {
        onSuccess: (rows) => {
          setFile(null);
          setResultKey((k) => k + 1);
          setResult(rows);
          if (rows.every((r) => r.status)) {
            enqueueSnackbar(importMessages.done, { variant: 'success' });
          }
        },
        onError: (error) => {
          // Spec 01 §8: scroll to top, one message per line, and clear the file.
          setRefusal(refusalLines(error));
          setFile(null);
          window.scrollTo({ top: 0, behavior: 'smooth' });
          topRef.current?.focus();
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const busy = importScores.isPending;
  return (
    <Card sx={{ maxWidth: 760 }} ref={topRef} tabIndex={-1}>
      <CardHeader
        title={title}
        subheader={`Nilai dan feedback ${label.long} peserta dari file Excel (.xlsx).`}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        <Stack spacing={2.5}>
          {refusal && (
            <Alert severity="error" onClose={() => setRefusal(null)}>
              {refusal.map((line) => (
                <Box key={line}>{line}</Box>
              ))}
            </Alert>
          )}
          <Box>
            <Typography variant="body2" color="text.secondary">
              Isi template dengan kolom <b>license</b> (kode voucher), <b>activity_number</b>{' '}
              (urutan aktivitas di program, dihitung dari topik pertama), <b>score</b> (0–100) dan{' '}
              <b>feedback</b> (maks. {importLimits.feedback} karakter). Hanya aktivitas{' '}
              <b>{activityTypeLabel(importActivityType[kind])}</b> yang dinilai di sini. File
              &lsquo;Export TPM &amp; UK&rsquo; yang nilainya sudah diubah juga dapat diimport
              kembali.
            </Typography>
            <Link
              href={importTemplatePath}
              download="template-import.xlsx"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}
            >
              <DownloadRounded fontSize="small" />
              Download template import
            </Link>
          </Box>
          <FileDrop
            accept={xlsxAccept}
            maxBytes={importLimits.fileBytes}
            value={file}
            onChange={(next) => {
              setFile(next);
              setFileError(undefined);
            }}
            label="File import nilai"
            hint="Tarik dan lepas file .xlsx di sini, atau"
            typeMessage={importMessages.notXlsx}
            sizeMessage={importMessages.tooLarge}
            error={fileError}
            progress={progress}
            disabled={busy && progress === null}
          />
          <Box>
            <Button
              variant="contained"
              onClick={save}
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Simpan
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <ImportResultDialog
        key={resultKey}
        title={`Hasil ${title}`}
        rows={result}
        onClose={() => setResult(null)}
      />
    </Card>
  );
}

export function ImportUkPage() {
  return <ImportScoresPage kind="uk" />;
}

export function ImportTpmPage() {
  return <ImportScoresPage kind="tpm" />;
}
