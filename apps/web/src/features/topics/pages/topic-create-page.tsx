import { useState } from 'react';
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
import { Link as RouterLink, useParams } from 'react-router';
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
 * publish); then its title is locked and the activity part opens.
 */
export function TopicCreatePage() {
  const { id: programId = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const program = useProgram(programId);
  useProgramCrumb(programId, program.data?.title);
  const create = useCreateTopic();
  const { form, showError } = useTopicNameForm();
  const [topicId, setTopicId] = useState<string | null>(null);

  const busy = create.isPending;
  const created = topicId !== null;
  const onSubmit = form.handleSubmit(({ name }) =>
    create.mutateAsync({ name, status: 'publish', program_id: programId }).then((topic) => {
      enqueueSnackbar(topicMessages.created, { variant: 'success' });
      setTopicId(topic.id);
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
          <TopicActivitiesSection programId={programId} topicId={topicId} />
        </Stack>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5 }}>
        {created ? (
          // Back at the new topic in the program's list.
          <Button component={RouterLink} to={`${backTo}#topic-${topicId}`} variant="contained">
            Selesai
          </Button>
        ) : (
          <Button component={RouterLink} to={backTo} color="inherit" disabled={busy}>
            Batal
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
