import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton, Stack, Typography } from '@mui/material';
import type {
  DiscussionActivity,
  DiscussionTopic,
} from '@ajar/shared/discussions/discussions.schemas';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { DeleteActivityDialog } from '@/features/topics/components/delete-activity-dialog';
import { DeleteTopicDialog } from '@/features/topics/components/delete-topic-dialog';
import { EditTopicDialog } from '@/features/topics/components/edit-topic-dialog';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useCan } from '@/hooks/use-session';
import { discussionKeys } from '../api/discussion-keys';
import { useDiscussionProgram } from '../api/get-discussion-program';
import { useDiscussionTopics } from '../api/get-discussion-topics';
import { DiscussionTopicAccordion } from '../components/discussion-topic-accordion';

/**
 * '/discussion/public/program/{id}' — the program's topics as an accordion with unread counts,
 * each listing the activities that have a public thread (spec 01 §2). With edit right on
 * Program, the dialogs edit a topic's title, delete a topic and delete an activity.
 */
export function DiscussionProgramPage() {
  const { id = '' } = useParams();
  const { params, update } = useListSearchParams();
  const q = params.get('q') ?? '';
  const canManage = useCan('program.manage');
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: discussionKeys.all });
  const [editing, setEditing] = useState<DiscussionTopic | null>(null);
  const [topicToDelete, setTopicToDelete] = useState<DiscussionTopic | null>(null);
  const [activityToDelete, setActivityToDelete] = useState<{
    topic: DiscussionTopic;
    activity: DiscussionActivity;
  } | null>(null);
  const program = useDiscussionProgram(id);
  const topics = useDiscussionTopics({
    program_id: id,
    q: q || undefined,
    page: 1,
    sort: 'seq',
    sort_type: 'asc',
    limit: -1,
  });

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {program.data ? program.data.name : <Skeleton width={280} />}
      </Typography>
      <SearchBox label="Cari topik" value={q} onSearch={(text) => update({ q: text || null })} />
      {program.isError && <LoadErrorAlert error={program.error} />}
      {topics.isError && (
        <LoadErrorAlert error={topics.error} onRetry={() => void topics.refetch()} />
      )}
      {topics.isPending && (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {topics.data && topics.data.list.length === 0 && (
        <Card sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>Tidak ada topik</Card>
      )}
      {topics.data && topics.data.list.length > 0 && (
        <Stack spacing={1.5}>
          {topics.data.list.map((topic, i) => (
            <DiscussionTopicAccordion
              key={topic.id}
              programId={id}
              topic={topic}
              number={i + 1}
              defaultExpanded={i === 0 || topic.total_unread > 0}
              actions={
                canManage
                  ? {
                      onEditTopic: setEditing,
                      onDeleteTopic: setTopicToDelete,
                      onDeleteActivity: (t, activity) =>
                        setActivityToDelete({ topic: t, activity }),
                    }
                  : null
              }
            />
          ))}
        </Stack>
      )}

      <EditTopicDialog
        topic={editing && { id: editing.id, name: editing.name, program_id: editing.program_id }}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <DeleteTopicDialog
        topic={topicToDelete}
        onClose={() => setTopicToDelete(null)}
        onDeleted={refresh}
      />
      <DeleteActivityDialog
        activity={
          activityToDelete && {
            programId: id,
            topicId: activityToDelete.topic.id,
            id: activityToDelete.activity.id,
            name: activityToDelete.activity.name,
          }
        }
        onClose={() => setActivityToDelete(null)}
        onDeleted={refresh}
      />
    </Stack>
  );
}
