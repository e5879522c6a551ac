import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import { formatFileSize } from '@ajar/shared/common/format';
import { acceptsFeedback } from '@ajar/shared/participants/participants.rules';
import type { LearningRecordActivity } from '@ajar/shared/learning-record/learning-record.schemas';
import { learningRecordMessages } from '@ajar/shared/learning-record/learning-record.constants';
import type {
  ParticipantActivity,
  ParticipantDetail,
} from '@ajar/shared/participants/participants.schemas';
import { errorMessage } from '@/api/http';
import { useLastDefined } from '@/hooks/use-last-defined';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { downloadWork } from '../api/download-work';
import { useLearningRecord } from '../api/get-learning-record';
import { useParticipantDetail } from '../api/get-participant-detail';
import { FeedbackForm } from './feedback-form';
import { WorkPdfDialog } from './work-pdf-dialog';
import { RecordEvents, RecordSummaryLine } from './learning-record-timeline';

export interface ActivityDetailDialogProps {
  /** The redemption shown; null keeps the dialog closed. */
  redeemId: string | null;
  onClose: () => void;
}

/** Whether the work is a PDF the back office can show (by its type, else its name). */
const isPdf = (file: { name: string; type: string | null }) =>
  file.type ? file.type === 'application/pdf' : /\.pdf$/i.test(file.name);

function WorkFile({ file }: { file: NonNullable<ParticipantActivity['upload']['file']> }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState(false);
  const download = () => {
    setBusy(true);
    downloadWork(file.url, file.name)
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }))
      .finally(() => setBusy(false));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
      <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
        {file.name}
      </Typography>
      {file.size !== null && (
        <Typography variant="caption" color="text.secondary">
          {formatFileSize(file.size)}
        </Typography>
      )}
      {isPdf(file) && (
        <Button
          size="small"
          startIcon={<VisibilityOutlinedIcon fontSize="small" />}
          onClick={() => setViewing(true)}
          aria-label={`Lihat ${file.name}`}
        >
          Lihat
        </Button>
      )}
      <Button
        size="small"
        startIcon={<DownloadOutlinedIcon fontSize="small" />}
        onClick={download}
        disabled={busy}
        aria-label={`Unduh ${file.name}`}
      >
        Unduh
      </Button>
      <WorkPdfDialog
        file={viewing ? file : null}
        onClose={() => setViewing(false)}
        onDownload={download}
      />
    </Stack>
  );
}

function ActivityRow({
  detail,
  activity,
  record,
}: {
  detail: ParticipantDetail;
  activity: ParticipantActivity;
  /** The activity's learning record at a glance; undefined when it has no events. */
  record: LearningRecordActivity | undefined;
}) {
  const [open, setOpen] = useState(false);
  const { upload } = activity;
  const feedbackAllowed = acceptsFeedback({
    type: activity.type,
    hasWork: upload.file !== null,
    hasFeedback: upload.note !== null,
  });
  return (
    <Box component="li" sx={{ py: 1.5, listStyle: 'none' }} aria-label={activity.name}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {activity.is_complete ? (
          <CheckCircleIcon color="success" titleAccess="Selesai" sx={{ mt: 0.25 }} />
        ) : (
          <RadioButtonUncheckedIcon
            sx={{ color: 'text.disabled', mt: 0.25 }}
            titleAccess="Belum selesai"
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{activity.name}</Typography>
            <Chip size="small" variant="outlined" label={activityTypeLabel(activity.type)} />
            {activity.score !== null && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={`Skor ${activity.score}`}
              />
            )}
          </Stack>
          {upload.file && (
            <Box sx={{ mt: 1 }}>
              <WorkFile file={upload.file} />
              <Typography variant="caption" color="text.secondary">
                Diunggah {formatDateTime(upload.uploaded_at)}
              </Typography>
            </Box>
          )}
          {upload.member_note && (
            <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
              Catatan peserta: {upload.member_note}
            </Typography>
          )}
          {upload.note && !open && (
            <Alert severity="info" icon={false} sx={{ mt: 1, py: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Nilai: {upload.note.score ?? '-'}
              </Typography>
              {upload.note.text && <Typography variant="body2">{upload.note.text}</Typography>}
              <Typography variant="caption" color="text.secondary">
                {upload.note.by ?? 'Staf'} · {formatDateTime(upload.note.at)}
              </Typography>
            </Alert>
          )}
          <Box sx={{ mt: 0.5 }}>
            <RecordSummaryLine summary={record} />
            {record && (
              <RecordEvents
                redeemId={detail.id}
                activityId={activity.id}
                label={`Rekam belajar ${activity.name}`}
              />
            )}
          </Box>
          {open && (
            <FeedbackForm
              memberRedeemId={detail.id}
              topicId={activity.topic_id}
              activityId={activity.id}
              initial={upload.note}
              onSent={() => setOpen(false)}
            />
          )}
        </Box>
        {feedbackAllowed && (
          <Button
            size="small"
            variant={open ? 'text' : 'outlined'}
            color={open ? 'inherit' : 'primary'}
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            sx={{ flexShrink: 0 }}
          >
            {open ? 'Tutup' : 'Beri Respon'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The whole record at a glance: first and last event over every activity, no single score. */
function programSpan(rows: LearningRecordActivity[]): LearningRecordActivity {
  const first = rows.reduce((a, b) => (a.first_at <= b.first_at ? a : b)).first_at;
  const last = rows.reduce((a, b) => (a.last_at >= b.last_at ? a : b)).last_at;
  return {
    activity_id: null,
    activity_name: null,
    first_at: first,
    last_at: last,
    span_seconds: (new Date(last).getTime() - new Date(first).getTime()) / 1000,
    events: rows.reduce((n, r) => n + r.events, 0),
    watched_seconds: null,
    score: null,
  };
}

/** Detail Aktivitas (spec 01 §2, §4): topics with their activities, work and feedback. */
export function ActivityDetailDialog({ redeemId, onClose }: ActivityDetailDialogProps) {
  const shownId = useLastDefined(redeemId);
  const detail = useParticipantDetail(shownId);
  const record = useLearningRecord(shownId);
  const data = detail.data;
  const byActivity = new Map(record.data?.activities.map((a) => [a.activity_id, a]));
  return (
    <Dialog
      open={Boolean(redeemId)}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="activity-detail-title"
    >
      <DialogTitle id="activity-detail-title">
        Detail Aktivitas
        {data && (
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {data.member.fullname} · {data.license} · Progress {data.results.progress}%
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {detail.isError && <Alert severity="error">{errorMessage(detail.error)}</Alert>}
        {!data && !detail.isError && (
          <Stack spacing={1}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        )}
        {data && (
          <Box component="section" aria-label={learningRecordMessages.title} sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {learningRecordMessages.title}
            </Typography>
            {record.isError && <Alert severity="error">{errorMessage(record.error)}</Alert>}
            {record.data && record.data.activities.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {learningRecordMessages.empty}
              </Typography>
            )}
            {record.data && record.data.activities.length > 0 && (
              <>
                <RecordSummaryLine summary={programSpan(record.data.activities)} />
                <RecordEvents redeemId={data.id} activityId={null} label="Semua rekam belajar" />
              </>
            )}
            <Divider sx={{ mt: 2 }} />
          </Box>
        )}
        {data && data.topics.length === 0 && (
          <Typography color="text.secondary">Tidak ada topik</Typography>
        )}
        {data?.topics.map((topic, i) => (
          <Box key={topic.id} component="section" aria-label={topic.name} sx={{ mb: 2 }}>
            {i > 0 && <Divider sx={{ mb: 2 }} />}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {topic.name}
            </Typography>
            {topic.activities.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                Belum ada aktivitas
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {topic.activities.map((activity) => (
                  <ActivityRow
                    key={activity.id}
                    detail={data}
                    activity={activity}
                    record={byActivity.get(activity.id)}
                  />
                ))}
              </Box>
            )}
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {/* Not 'Tutup': that word hides a feedback form inside the dialog (spec 01 §4). */}
        <Button onClick={onClose} variant="contained">
          Kembali
        </Button>
      </DialogActions>
    </Dialog>
  );
}
