import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { learningEventLabels } from '@ajar/shared/learning-record/learning-events';
import { learningRecordMessages } from '@ajar/shared/learning-record/learning-record.constants';
import {
  describeEventData,
  formatEventTime,
  formatSpan,
} from '@ajar/shared/learning-record/learning-record.rules';
import type {
  LearningRecordActivity,
  LearningRecordEvent,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { errorMessage } from '@/api/http';
import { useLearningRecordEvents } from '../api/get-learning-record';

/** `Pertama … · Lama … · Ditonton … · Nilai … · n kejadian`: one activity's record at a glance. */
export function RecordSummaryLine({ summary }: { summary: LearningRecordActivity | undefined }) {
  if (!summary) {
    return (
      <Typography variant="caption" color="text.secondary" component="p">
        {learningRecordMessages.empty}
      </Typography>
    );
  }
  const parts = [
    `Pertama ${formatEventTime(summary.first_at)}`,
    // One event has no duration to speak of.
    ...(summary.events > 1 ? [`Lama ${formatSpan(summary.span_seconds)}`] : []),
    ...(summary.watched_seconds !== null
      ? [`Ditonton ${formatSpan(summary.watched_seconds)}`]
      : []),
    ...(summary.score !== null ? [`Nilai ${summary.score}`] : []),
    `${summary.events} kejadian`,
  ];
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {parts.join(' · ')}
    </Typography>
  );
}

function EventLine({ event, showActivity }: { event: LearningRecordEvent; showActivity: boolean }) {
  const detail = describeEventData(event.kind, event.data);
  return (
    <Box component="li" sx={{ py: 0.5, listStyle: 'none' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {learningEventLabels[event.kind]}
      </Typography>
      {showActivity && event.activity_name && (
        <Typography variant="body2" component="span">
          {` · ${event.activity_name}`}
        </Typography>
      )}
      {detail && (
        <Typography variant="body2" component="span" color="text.secondary">
          {` · ${detail}`}
        </Typography>
      )}
      {event.actor_name && (
        <Typography variant="body2" component="span" color="text.secondary">
          {` · oleh ${event.actor_name}`}
        </Typography>
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        component="time"
        sx={{ display: 'block' }}
        dateTime={event.created_at}
      >
        {formatEventTime(event.created_at)}
      </Typography>
    </Box>
  );
}

/** The events of one activity (or, `activityId` null, of the whole program), oldest first. */
function EventList({ redeemId, activityId }: { redeemId: string; activityId: string | null }) {
  const events = useLearningRecordEvents(redeemId, activityId);
  if (events.isError) return <Alert severity="error">{errorMessage(events.error)}</Alert>;
  if (!events.data) return <CircularProgress size={20} aria-label="Memuat rekam belajar" />;
  const list = events.data.pages.flatMap((page) => page.list);
  if (list.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {learningRecordMessages.empty}
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="ol" sx={{ m: 0, p: 0 }}>
        {list.map((event) => (
          <EventLine key={event.id} event={event} showActivity={activityId === null} />
        ))}
      </Box>
      {events.hasNextPage && (
        <Button
          size="small"
          onClick={() => void events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
        >
          Tampilkan lebih banyak
        </Button>
      )}
    </Box>
  );
}

/**
 * A toggle that opens the list of events (server time, Indonesian labels) below its summary;
 * the events are fetched only once opened.
 */
export function RecordEvents({
  redeemId,
  activityId,
  label,
}: {
  redeemId: string;
  activityId: string | null;
  /** Names what the list is of, for screen readers ('Rekam belajar Kuis 1'). */
  label: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
      <Box>
        <Button
          size="small"
          startIcon={<HistoryOutlinedIcon fontSize="small" />}
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-label={`${open ? 'Sembunyikan' : 'Lihat'} ${label}`}
        >
          {open ? 'Sembunyikan rekam belajar' : 'Lihat rekam belajar'}
        </Button>
      </Box>
      {open && (
        <Box
          role="region"
          aria-label={label}
          sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}
        >
          <EventList redeemId={redeemId} activityId={activityId} />
        </Box>
      )}
    </Stack>
  );
}
