import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/api/http';
import { pathTo } from '@/routes/paths';
import { useTopics } from '../api/get-topics';
import { ActivityTable } from './activity-table';

/**
 * The activity part of the create/edit topic screens: the topic's activities (each links to its
 * edit screen) and 'Tambah Aktivitas'. Disabled until the topic exists (spec 01 §2).
 */
export function TopicActivitiesSection({
  programId,
  topicId,
}: {
  programId: string;
  /** Null while the topic is not created yet. */
  topicId: string | null;
}) {
  return (
    <Box component="section" aria-labelledby="topic-activities-title">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
      >
        <Box>
          <Typography id="topic-activities-title" variant="subtitle1" component="h3">
            Aktivitas
          </Typography>
          {!topicId && (
            <Typography variant="body2" color="text.secondary">
              Simpan judul topik terlebih dahulu untuk menambahkan aktivitas.
            </Typography>
          )}
        </Box>
        {topicId ? (
          <Button
            component={RouterLink}
            to={pathTo('activity-create', { program: programId, topic: topicId })}
            variant="outlined"
            startIcon={<AddRounded />}
          >
            Tambah Aktivitas
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<AddRounded />} disabled>
            Tambah Aktivitas
          </Button>
        )}
      </Stack>
      {topicId && <TopicActivities programId={programId} topicId={topicId} />}
    </Box>
  );
}

function TopicActivities({ programId, topicId }: { programId: string; topicId: string }) {
  // The program's topic list (with activities) is the one call that lists a topic's activities;
  // it is also what the program detail screen has cached.
  const topics = useTopics(programId);
  if (topics.isPending) return <Skeleton variant="rounded" height={96} />;
  if (topics.isError) return <Alert severity="error">{errorMessage(topics.error)}</Alert>;
  const topic = topics.data.find((t) => t.id === topicId);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <ActivityTable
        programId={programId}
        topicId={topicId}
        activities={topic?.activities ?? []}
        canManage
      />
    </Paper>
  );
}
