import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { errorMessage } from '@/api/http';
import { FormTextField } from '@/components/form-text-field';
import { usePageTitle } from '@/layout/page-title';
import { pathTo } from '@/routes/paths';
import { useProgram } from '../api/get-program';
import { useTopic } from '../api/get-topic';
import { useUpdateTopic } from '../api/update-topic';
import { TopicActivitiesSection } from '../components/topic-activities-section';
import { useProgramCrumb } from '../components/use-program-crumb';
import { useTopicNameForm } from '../components/use-topic-name-form';

/** Edit topic (route tna-edit): the title (saved with status publish) and its activities. */
export function TopicEditPage() {
  const { id: programId = '', tnaId = '' } = useParams();
  const program = useProgram(programId);
  useProgramCrumb(programId, program.data?.title);
  const topic = useTopic(tnaId);
  // The crumb names the topic, not 'Topik & Aktifitas'.
  usePageTitle(topic.data?.name);

  return (
    <Card sx={{ maxWidth: 960 }}>
      <CardHeader
        title="Edit Topik & Aktivitas"
        subheader={program.data?.title}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      {topic.isPending ? (
        <CardContent>
          <Skeleton variant="rounded" height={56} />
        </CardContent>
      ) : topic.isError ? (
        <CardContent>
          <Alert severity="error">{errorMessage(topic.error)}</Alert>
        </CardContent>
      ) : (
        // Keyed so the form starts from the loaded title.
        <TopicEditForm key={topic.data.id} programId={programId} topic={topic.data} />
      )}
    </Card>
  );
}

function TopicEditForm({ programId, topic }: { programId: string; topic: Topic }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const update = useUpdateTopic();
  const { form, showError } = useTopicNameForm(topic.name);
  const backTo = pathTo('program-detail', { id: programId });
  const busy = update.isPending;

  const onSubmit = form.handleSubmit(({ name }) =>
    update
      .mutateAsync({ id: topic.id, body: { name, status: 'publish', program_id: programId } })
      .then(() => {
        enqueueSnackbar(topicMessages.updated, { variant: 'success' });
        void navigate(`${backTo}#topic-${topic.id}`);
      }, showError),
  );

  return (
    <>
      <CardContent>
        <Stack spacing={3}>
          <Box component="form" id="topic-edit-form" noValidate onSubmit={onSubmit}>
            <FormTextField
              control={form.control}
              name="name"
              label="Judul Topik"
              required
              disabled={busy}
            />
          </Box>
          <Divider />
          <TopicActivitiesSection programId={programId} topicId={topic.id} />
        </Stack>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5, gap: 1 }}>
        <Button component={RouterLink} to={backTo} color="inherit" disabled={busy}>
          Batal
        </Button>
        <Button
          type="submit"
          form="topic-edit-form"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Simpan
        </Button>
      </CardActions>
    </>
  );
}
