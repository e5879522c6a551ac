import Stack from '@mui/material/Stack';
import type { TopicActivity, TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { SortableList } from '@/components/sortable-list';
import { TopicAccordion } from './topic-accordion';

export interface TopicListProps {
  programId: string;
  topics: readonly TopicWithActivities[];
  canManage: boolean;
  onMoveTopic: (fromIndex: number, toIndex: number) => void;
  onEditTopic: (topic: TopicWithActivities) => void;
  onDeleteTopic: (topic: TopicWithActivities) => void;
  onMoveActivity: (topic: TopicWithActivities, fromIndex: number, toIndex: number) => void;
  onDeleteActivity: (topic: TopicWithActivities, activity: TopicActivity) => void;
}

/** The topics of a program as accordions; with edit right on Program they can be dragged. */
export function TopicList({ topics, canManage, onMoveTopic, ...rest }: TopicListProps) {
  const items = (
    <Stack spacing={1.5} data-testid="topic-list">
      {topics.map((topic) => (
        <TopicAccordion
          key={topic.id}
          topic={topic}
          // The topic's place in the program, also while a search shows only some topics.
          number={topic.seq}
          canManage={canManage}
          onEdit={rest.onEditTopic}
          onDelete={rest.onDeleteTopic}
          onMoveActivity={rest.onMoveActivity}
          onDeleteActivity={rest.onDeleteActivity}
          programId={rest.programId}
        />
      ))}
    </Stack>
  );
  if (!canManage) return items;
  return (
    <SortableList
      ids={topics.map((topic) => topic.id)}
      onMove={onMoveTopic}
      itemLabel={(id) => `Topik ${topics.find((topic) => topic.id === id)?.name ?? ''}`.trim()}
    >
      {items}
    </SortableList>
  );
}
