import { useState } from 'react';
import { useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import { Box, Button, Card, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import {
  attentionLimits,
  attentionMessages,
  attentionPageSizes,
} from '@ajar/shared/analytics/attention.constants';
import type { AttentionQueryParsed } from '@ajar/shared/analytics/attention.schemas';
import { errorMessage, isMissingRecord } from '@/api/http';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useCan } from '@/hooks/use-session';
import { NotFoundMessage } from '@/layout/not-found-page';
import { useFileOrJobReply } from '@/lib/jobs';
import { useAttention, useExportAttention, useRemindParticipants } from '../api/attention-api';
import { AttentionTable } from '../components/attention-table';

function readDays(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) &&
    n >= attentionLimits.minInactiveDays &&
    n <= attentionLimits.maxInactiveDays
    ? n
    : attentionLimits.defaultInactiveDays;
}

function readPageSize(value: string | null): number {
  const n = Number(value);
  return (attentionPageSizes as readonly number[]).includes(n) ? n : attentionPageSizes[0];
}

/**
 * '/program/perhatian/{id}' — 'Perlu Perhatian': the program's participants who need a nudge
 * (no activity for N days, behind the schedule, a quiz failed with no attempt left), each with
 * why and when they were last reminded; 'Kirim pengingat' for one or the chosen ones, and the
 * list as an .xlsx. The days and the page live in the URL.
 */
export function AttentionPage() {
  const { id: programId = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const canRemind = useCan('grade.manage');
  const { params, update } = useListSearchParams();
  const days = readDays(params.get('hari'));
  const query: AttentionQueryParsed = {
    days,
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: readPageSize(params.get('limit')),
  };
  const list = useAttention(programId, query);
  const [daysText, setDaysText] = useState(String(days));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const remind = useRemindParticipants(programId);
  const exporter = useExportAttention(programId);
  const handleReply = useFileOrJobReply();

  if (isMissingRecord(list.error)) return <NotFoundMessage />;

  const daysValid = readDays(daysText) === Number(daysText);
  const applyDays = () => {
    if (!daysValid) return;
    setSelected(new Set());
    update({
      hari: Number(daysText) === attentionLimits.defaultInactiveDays ? null : daysText,
      page: null,
    });
  };
  const send = (redeemIds: string[]) =>
    remind.mutate(redeemIds, {
      onSuccess: (reply) => {
        enqueueSnackbar(attentionMessages.reminded(reply.sent, reply.skipped), {
          variant: 'success',
        });
        setSelected(new Set());
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  const rows = list.data?.list;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Perlu Perhatian
          </Typography>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {list.data?.program.title ?? (list.isError ? '-' : '…')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={
            exporter.isPending ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />
          }
          disabled={exporter.isPending}
          onClick={() =>
            exporter.mutate(days, {
              onSuccess: (reply) => handleReply(reply, attentionMessages.exported),
              onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
            })
          }
          sx={{ flexShrink: 0 }}
        >
          Unduh Excel
        </Button>
      </Stack>

      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{
            p: 2,
            alignItems: { xs: 'stretch', md: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
            onSubmit={(e) => {
              e.preventDefault();
              applyDays();
            }}
          >
            <TextField
              size="small"
              type="number"
              label="Tidak aktif selama (hari)"
              value={daysText}
              onChange={(e) => setDaysText(e.target.value)}
              error={!daysValid}
              helperText={daysValid ? ' ' : attentionMessages.daysInvalid}
              slotProps={{
                htmlInput: {
                  min: attentionLimits.minInactiveDays,
                  max: attentionLimits.maxInactiveDays,
                },
              }}
              sx={{ width: 220 }}
            />
            <Button type="submit" variant="outlined" disabled={!daysValid}>
              Terapkan
            </Button>
          </Stack>
          {canRemind ? (
            <Button
              variant="contained"
              startIcon={
                remind.isPending ? (
                  <CircularProgress size={16} />
                ) : (
                  <NotificationsActiveOutlinedIcon />
                )
              }
              disabled={selected.size === 0 || remind.isPending}
              onClick={() => send([...selected])}
            >
              Kirim pengingat ({selected.size})
            </Button>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          Ditampilkan: peserta yang belum selesai dan tidak aktif {days} hari atau lebih, tertinggal
          jadwal, atau belum lulus kuis dengan kesempatan habis.
        </Typography>
        {list.isError && !isMissingRecord(list.error) ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
          </Box>
        ) : null}
        <AttentionTable
          rows={rows}
          loading={list.isPending}
          dimmed={list.isPlaceholderData}
          pagination={{
            total: list.data?.total ?? 0,
            page: query.page,
            limit: query.limit,
            pageSizes: attentionPageSizes,
            defaultLimit: attentionPageSizes[0],
            onChange: update,
          }}
          selected={selected}
          onToggle={(id) => {
            const next = new Set(selected);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            setSelected(next);
          }}
          onToggleAll={(checked) =>
            setSelected(checked ? new Set(rows?.map((r) => r.redeem_id)) : new Set())
          }
          onRemind={(row) => send([row.redeem_id])}
          sending={remind.isPending || !canRemind}
        />
      </Card>
    </Stack>
  );
}
