import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import { FormTextField } from '@/components/form-text-field';
import { pathTo } from '@/routes/paths';
import { useCreateTopic } from '../api/create-topic';
import { useProgram } from '../api/get-program';
import { TopicActivitiesSection } from '../components/topic-activities-section';
import { useTopicNameForm } from '../components/use-topic-name-form';
import { useProgramCrumb } from '../components/use-program-crumb';

/**
 * Create topic and activities (spec 01 §2, route tna-create): the topic is created first (status
 * publish); then the author goes on to the new topic's first activity (activity-create, spec 01
 * §4). The activity part stays disabled here until then. The create screen is replaced in the
 * history, so Back from the activity does not offer to create the topic again.
 */
export function TopicCreatePage() {
  const { id: programId = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const program = useProgram(programId);
  useProgramCrumb(programId, program.data?.title);
  const create = useCreateTopic();
  const { form, showError } = useTopicNameForm();
  const busy = create.isPending;
  // Stays true after success while the next screen loads, so the form is not sent twice.
  const created = create.isSuccess;
  const onSubmit = form.handleSubmit(({ name }) =>
    create.mutateAsync({ name, status: 'publish', program_id: programId }).then((topic) => {
      enqueueSnackbar(topicMessages.created, { variant: 'success' });
      void navigate(pathTo('activity-create', { program: programId, topic: topic.id }), {
        replace: true,
      });
    }, showError),
  );
  const backTo = pathTo('program-detail', { id: programId });

  return (
    <Card sx={{ maxWidth: 960 }}>
      <CardHeader
        title="Tambah Topik & Aktivitas"
        subheader={program.data?.title}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        <Stack spacing={3}>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: 'flex-start' }}
            >
              <FormTextField
                control={form.control}
                name="name"
                label="Judul Topik"
                required
                autoFocus
                disabled={busy || created}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={busy || created}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                sx={{ height: 56, flexShrink: 0, minWidth: 110 }}
              >
                Simpan
              </Button>
            </Stack>
          </Box>
          <Divider />
          <TopicActivitiesSection programId={programId} topicId={null} />
        </Stack>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5 }}>
        <Button component={RouterLink} to={backTo} color="inherit" disabled={busy || created}>
          Batal
        </Button>
      </CardActions>
    </Card>
  );
}
