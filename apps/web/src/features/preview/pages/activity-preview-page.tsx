import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import {
  activityTypeLabel,
  hasPopupQuiz,
  isQuizActivityType,
} from '@ajar/shared/activities/activities.constants';
import { errorMessage } from '../../../api/http';
import { useCan } from '../../../hooks/use-session';
import { usePageTitle } from '../../../layout/page-title';
import { pathTo } from '../../../routes/paths';
import { usePreviewActivity, usePreviewContext } from '../api/get-preview-activity';
import { previewTexts } from '../lib/preview-texts';
import { QuizPreview } from '../components/quiz-preview';
import { VideoPreview } from '../components/video-preview';

/**
 * 'Pratinjau' (route activity-preview): the activity played as a participant would, from what
 * was last saved. A quiz type plays a packet; a video plays with its pop-up quizzes. Only reads:
 * no answer, score or progress is sent to the server.
 */
export function ActivityPreviewPage() {
  const params = useParams();
  const ref = { programId: params.program ?? '', topicId: params.topic ?? '', id: params.id ?? '' };
  const activity = usePreviewActivity(ref);
  const { program, topic } = usePreviewContext(ref.programId, ref.topicId);
  const canManage = useCan('program.manage');

  usePageTitle(program.data?.title, pathTo('program-detail', { id: ref.programId }));
  usePageTitle(
    topic.data?.name,
    pathTo('activity-topic', { program: ref.programId, topic: ref.topicId }),
  );
  usePageTitle(activity.data ? `Pratinjau: ${activity.data.name}` : undefined);

  if (activity.error) {
    return (
      <Alert severity="error">
        <AlertTitle>Aktivitas tidak dapat dibuka</AlertTitle>
        {errorMessage(activity.error)}
      </Alert>
    );
  }
  if (!activity.data) {
    return (
      <Card>
        <CardContent>
          <Skeleton width={320} height={40} />
          <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
        </CardContent>
      </Card>
    );
  }

  const data = activity.data;
  const editPath = pathTo('activity-edit', {
    program: ref.programId,
    topic: ref.topicId,
    id: ref.id,
  });

  return (
    <Stack spacing={2.5}>
      <Alert severity="warning" icon={<VisibilityOutlined />} role="status">
        {previewTexts.banner}
      </Alert>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2">
              {data.name}
            </Typography>
            <Chip label={activityTypeLabel(data.type)} color="primary" variant="outlined" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {program.data ? program.data.title : <Skeleton width={180} component="span" />}
            {' · '}
            {topic.data ? topic.data.name : <Skeleton width={120} component="span" />}
          </Typography>
        </Stack>
        {canManage && (
          <Button
            component={RouterLink}
            to={editPath}
            startIcon={<ArrowBackRounded />}
            variant="outlined"
          >
            Kembali ke edit
          </Button>
        )}
      </Stack>
      {isQuizActivityType(data.type) ? (
        <QuizPreview activity={data} previewRef={ref} />
      ) : hasPopupQuiz(data.type) ? (
        <VideoPreview activity={data} />
      ) : (
        <Alert severity="info">
          Pratinjau tersedia untuk aktivitas kuis (Pre Test, Quiz, Post Test, Exam) dan video.
        </Alert>
      )}
    </Stack>
  );
}
