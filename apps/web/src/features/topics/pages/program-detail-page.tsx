import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import TopicRounded from '@mui/icons-material/TopicRounded';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import {
  programStatusLabels,
  programTypeLabels,
  type ProgramStatus,
} from '@ajar/shared/programs/programs.constants';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import type { TopicActivity, TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { errorMessage, isMissingRecord } from '@/api/http';
import { useCan } from '@/hooks/use-session';
import { NotFoundMessage } from '@/layout/not-found-page';
import { usePageTitle } from '@/layout/page-title';
import { pathTo } from '@/routes/paths';
import { useProgram } from '../api/get-program';
import { useTopics } from '../api/get-topics';
import { useReorderActivities } from '../api/reorder-activities';
import { useReorderTopics } from '../api/reorder-topics';
import { DeleteActivityDialog } from '../components/delete-activity-dialog';
import { DeleteTopicDialog } from '../components/delete-topic-dialog';
import { EditTopicDialog } from '../components/edit-topic-dialog';
import { TopicList } from '../components/topic-list';
import { TopicSearch } from '../components/topic-search';

const statusColors: Record<ProgramStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  publish: 'success',
  archive: 'warning',
};

interface ActivityToDelete {
  topic: TopicWithActivities;
  activity: TopicActivity;
}

/**
 * Program detail (spec 01 §2): the program's topics as accordions, each with its activities.
 * With edit right on Program, topics and activities can be added, edited, deleted and dragged
 * into a new order; without it (a trainer) the screen is read-only.
 */
export function ProgramDetailPage() {
  const { id: programId = '' } = useParams();
  const canManage = useCan('program.manage');
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';

  const program = useProgram(programId);
  const topics = useTopics(programId, q);
  usePageTitle(program.data?.title);

  const { hash } = useLocation();
  const topicsLoaded = topics.isSuccess;
  useEffect(() => {
    // The topics arrive after the browser looked for the `#topic-{id}` anchor: scroll now.
    if (topicsLoaded && hash.startsWith('#topic-')) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    }
  }, [topicsLoaded, hash]);

  const reorderTopics = useReorderTopics(programId, q);
  const reorderActivities = useReorderActivities(programId, q);

  const [editing, setEditing] = useState<TopicWithActivities | null>(null);
  const [topicToDelete, setTopicToDelete] = useState<TopicWithActivities | null>(null);
  const [activityToDelete, setActivityToDelete] = useState<ActivityToDelete | null>(null);

  const onSearch = useCallback(
    (next: string) =>
      setSearchParams(
        (params) => {
          if (next) params.set('q', next);
          else params.delete('q');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const reorderFailed = (error: unknown) =>
    enqueueSnackbar(`Error: ${errorMessage(error)}`, { variant: 'error' });

  const moveTopic = (fromIndex: number, toIndex: number) => {
    const list = topics.data ?? [];
    const moved = list[fromIndex];
    const target = list[toIndex];
    if (!moved || !target) return;
    reorderTopics.mutate(
      { topicId: moved.id, fromIndex, toIndex, toSeq: target.seq },
      { onError: reorderFailed },
    );
  };

  const moveActivity = (topic: TopicWithActivities, fromIndex: number, toIndex: number) => {
    const moved = topic.activities[fromIndex];
    const target = topic.activities[toIndex];
    if (!moved || !target) return;
    reorderActivities.mutate(
      { topicId: topic.id, fromIndex, toIndex, fromSeq: moved.seq, toSeq: target.seq },
      { onError: reorderFailed },
    );
  };

  // Another trainer's program (or one that is gone): the 404 page, as its participant list shows.
  if ([program.error, topics.error].some(isMissingRecord)) return <NotFoundMessage />;
  if (program.isError) {
    return <Alert severity="error">{errorMessage(program.error)}</Alert>;
  }

  return (
    <Stack spacing={2.5}>
      <ProgramHeader
        programId={programId}
        title={program.data?.title}
        status={program.data?.status}
        typeLabel={program.data ? programTypeLabels[program.data.type] : undefined}
        canManage={canManage}
      />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TopicSearch value={q} onSearch={onSearch} />
        {canManage && (
          <Button
            component={RouterLink}
            to={pathTo('tna-create', { id: programId })}
            variant="contained"
            startIcon={<AddRounded />}
            sx={{ flexShrink: 0 }}
          >
            Topik Baru
          </Button>
        )}
      </Stack>

      {topics.isPending ? (
        <Stack spacing={1.5} aria-label="Memuat topik" role="progressbar">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={120} />
          ))}
        </Stack>
      ) : topics.isError ? (
        <Alert severity="error">{errorMessage(topics.error)}</Alert>
      ) : topics.data.length === 0 ? (
        <EmptyTopics />
      ) : (
        <TopicList
          programId={programId}
          topics={topics.data}
          canManage={canManage}
          onMoveTopic={moveTopic}
          onEditTopic={setEditing}
          onDeleteTopic={setTopicToDelete}
          onMoveActivity={moveActivity}
          onDeleteActivity={(topic, activity) => setActivityToDelete({ topic, activity })}
        />
      )}

      <EditTopicDialog topic={editing} onClose={() => setEditing(null)} />
      <DeleteTopicDialog topic={topicToDelete} onClose={() => setTopicToDelete(null)} />
      <DeleteActivityDialog
        activity={
          activityToDelete && {
            programId,
            topicId: activityToDelete.topic.id,
            id: activityToDelete.activity.id,
            name: activityToDelete.activity.name || activityToDelete.activity.title,
          }
        }
        onClose={() => setActivityToDelete(null)}
      />
    </Stack>
  );
}

function ProgramHeader({
  programId,
  title,
  status,
  typeLabel,
  canManage,
}: {
  programId: string;
  title?: string;
  status?: ProgramStatus;
  typeLabel?: string;
  canManage: boolean;
}) {
  return (
    <Card>
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { sm: 'center' },
          p: { xs: 2.5, sm: 3 },
          '&:last-child': { pb: { xs: 2.5, sm: 3 } },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Program
          </Typography>
          <Typography variant="h5" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {title ?? <Skeleton width="60%" />}
          </Typography>
          <Stack direction="row" spacing={1}>
            {status && (
              <Chip
                size="small"
                label={programStatusLabels[status]}
                color={statusColors[status]}
                variant={status === 'draft' ? 'outlined' : 'filled'}
              />
            )}
            {typeLabel && <Chip size="small" label={typeLabel} variant="outlined" />}
          </Stack>
        </Box>
        <Stack
          direction="row"
          useFlexGap
          sx={{
            flexShrink: 0,
            flexWrap: 'wrap',
            gap: 1.5,
            alignSelf: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Button
            component={RouterLink}
            to={pathTo('program-analytics', { id: programId })}
            variant="outlined"
            startIcon={<InsightsRounded />}
          >
            Analitik Program
          </Button>
          <Button
            component={RouterLink}
            to={pathTo('program-attention', { id: programId })}
            variant="outlined"
            startIcon={<NotificationsActiveOutlined />}
          >
            Perlu Perhatian
          </Button>
          {canManage && (
            <Button
              component={RouterLink}
              to={pathTo('program-edit', { id: programId })}
              variant="outlined"
              startIcon={<EditRounded />}
            >
              Edit Program
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function EmptyTopics() {
  return (
    <Paper variant="outlined" sx={{ py: 6, px: 3, textAlign: 'center', borderRadius: 2 }}>
      <TopicRounded sx={{ fontSize: 44, color: 'text.disabled', mb: 1 }} />
      <Typography color="text.secondary">{topicMessages.empty}</Typography>
    </Paper>
  );
}
