import { useParams } from 'react-router';
import { Card, Skeleton, Stack, Typography } from '@mui/material';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchBox } from '@/components/search-box';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useDiscussionProgram } from '../api/get-discussion-program';
import { useDiscussionTopics } from '../api/get-discussion-topics';
import { DiscussionTopicAccordion } from '../components/discussion-topic-accordion';

/**
 * '/discussion/public/program/{id}' — the program's topics as an accordion with unread counts,
 * each listing the activities that have a public thread (spec 01 §2).
 */
export function DiscussionProgramPage() {
  const { id = '' } = useParams();
  const { params, update } = useListSearchParams();
  const q = params.get('q') ?? '';
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
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
