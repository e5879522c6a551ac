import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatDateTime } from '@ajar/shared/common/datetime';
import {
  privacyNoticeMaxLength,
  privacyNoticeMessages,
} from '@ajar/shared/privacy/privacy.constants';
import { privacyNoticeBodySchema } from '@ajar/shared/privacy/privacy.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { usePrivacyNotice, useSavePrivacyNotice } from '../api/privacy-notice';
import { NoticeVersionDialog } from '../components/notice-version-dialog';

/**
 * '/kebijakan-privasi' (superadmin): the privacy notice participants agree to. Saving a changed
 * text publishes the next version, and every participant is asked to agree again when they next
 * open Ajar Belajar; earlier versions stay readable below.
 */
export function PrivacyNoticePage() {
  const { enqueueSnackbar } = useSnackbar();
  const notice = usePrivacyNotice();
  const save = useSavePrivacyNotice();
  const [content, setContent] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [opened, setOpened] = useState<number | null>(null);

  const current = notice.data?.current ?? null;
  useEffect(() => {
    if (notice.data && content === null) setContent(notice.data.current?.content ?? '');
  }, [notice.data, content]);

  const submit = async () => {
    const checked = privacyNoticeBodySchema.safeParse({ content: content ?? '' });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync(checked.data);
      const version = saved.current?.version ?? 0;
      enqueueSnackbar(
        version !== (current?.version ?? 0)
          ? privacyNoticeMessages.saved(version)
          : privacyNoticeMessages.unchanged,
        { variant: 'success' },
      );
      setContent(saved.current?.content ?? '');
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.validation?.content : undefined;
      setError(field);
      if (!field) enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };

  const versions = notice.data?.versions ?? [];
  return (
    <Stack spacing={2.5}>
      {notice.isError && (
        <LoadErrorAlert error={notice.error} onRetry={() => void notice.refetch()} />
      )}
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {current
                ? `Versi ${current.version} berlaku sejak ${formatDateTime(current.created_at)}. Menyimpan perubahan menerbitkan versi baru; peserta diminta menyetujuinya saat membuka Ajar Belajar.`
                : privacyNoticeMessages.none}
            </Typography>
            <TextField
              label="Isi Kebijakan Privasi"
              multiline
              minRows={14}
              maxRows={30}
              value={content ?? ''}
              onChange={(event) => setContent(event.target.value)}
              error={Boolean(error)}
              helperText={error}
              disabled={content === null}
              slotProps={{ htmlInput: { maxLength: privacyNoticeMaxLength } }}
            />
            <Stack direction="row" justifyContent="flex-end">
              <Button
                variant="contained"
                onClick={() => void submit()}
                disabled={content === null || save.isPending}
              >
                Simpan
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <Table aria-label="Versi Kebijakan Privasi">
          <TableHead>
            <TableRow>
              <TableCell>Versi</TableCell>
              <TableCell>Disimpan</TableCell>
              <TableCell>Oleh</TableCell>
              <TableCell align="right">Aksi</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((row) => (
              <TableRow key={row.version}>
                <TableCell>{row.version}</TableCell>
                <TableCell>{formatDateTime(row.created_at)}</TableCell>
                <TableCell>{row.created_by_name ?? 'Bawaan sistem'}</TableCell>
                <TableCell align="right">
                  <Button onClick={() => setOpened(row.version)}>Lihat</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <NoticeVersionDialog version={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
