import type { CSSProperties, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { Link as RouterLink } from 'react-router';
import type { TopicActivity, TopicWithActivities } from '@ajar/shared/topics/topics.schemas';
import { HeadedAccordion } from '@/components/headed-accordion';
import { DragHandle, useSortableItem } from '@/components/sortable-list';
import { pathTo } from '@/routes/paths';
import { ActivityTable } from './activity-table';

export interface TopicAccordionProps {
  programId: string;
  topic: TopicWithActivities;
  /** 1-based position of the topic in the program. */
  number: number;
  canManage: boolean;
  onEdit: (topic: TopicWithActivities) => void;
  onDelete: (topic: TopicWithActivities) => void;
  onMoveActivity: (topic: TopicWithActivities, fromIndex: number, toIndex: number) => void;
  onDeleteActivity: (topic: TopicWithActivities, activity: TopicActivity) => void;
}

/** A topic of the program detail screen; sortable (by its handle) with edit right on Program. */
export function TopicAccordion(props: TopicAccordionProps) {
  return props.canManage ? <SortableTopicAccordion {...props} /> : <TopicPanel {...props} />;
}

function SortableTopicAccordion(props: TopicAccordionProps) {
  const sortable = useSortableItem(props.topic.id);
  return (
    <TopicPanel
      {...props}
      nodeRef={sortable.setNodeRef}
      nodeStyle={sortable.style}
      dragging={sortable.isDragging}
      handle={<DragHandle handle={sortable.handle} label={`Pindahkan topik ${props.topic.name}`} />}
    />
  );
}

function TopicPanel({
  programId,
  topic,
  number,
  canManage,
  onEdit,
  onDelete,
  onMoveActivity,
  onDeleteActivity,
  nodeRef,
  nodeStyle,
  dragging = false,
  handle,
}: TopicAccordionProps & {
  nodeRef?: (element: HTMLElement | null) => void;
  nodeStyle?: CSSProperties;
  dragging?: boolean;
  handle?: ReactNode;
}) {
  const summaryId = `topic-${topic.id}-summary`;
  const contentId = `topic-${topic.id}-content`;
  const count = topic.activities.length;
  return (
    <Box
      ref={nodeRef}
      style={nodeStyle}
      // `#topic-{id}` in the program's URL opens at this topic (the activity screens link so).
      id={`topic-${topic.id}`}
      data-testid="topic"
      sx={{ scrollMarginTop: 80 }}
    >
      <HeadedAccordion
        summaryId={summaryId}
        regionId={contentId}
        defaultExpanded
        variant="outlined"
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          '&::before': { display: 'none' },
          boxShadow: dragging ? 6 : 'none',
        }}
        headerSx={{ pl: canManage ? 1 : 0, pr: 1, bgcolor: 'grey.50' }}
        summarySx={{ px: canManage ? 1 : 2 }}
        start={handle}
        summary={
          <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{
                display: 'block',
                fontWeight: 600,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
              }}
            >
              Topik {number}
            </Typography>
            <Typography
              component="span"
              variant="subtitle1"
              data-testid="topic-name"
              sx={{ display: 'block', lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {topic.name}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block' }}
            >
              {count} aktivitas
            </Typography>
          </Box>
        }
        actions={
          canManage && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Button
                component={RouterLink}
                to={pathTo('activity-create', { program: programId, topic: topic.id })}
                size="small"
                variant="outlined"
                startIcon={<AddRounded />}
                aria-label={`Tambah Aktivitas pada topik ${topic.name}`}
                sx={{ display: { xs: 'none', sm: 'inline-flex' }, mr: 0.5 }}
              >
                Tambah Aktivitas
              </Button>
              <Tooltip title="Edit topik">
                <IconButton aria-label={`Edit topik ${topic.name}`} onClick={() => onEdit(topic)}>
                  <EditRounded fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Hapus topik">
                <IconButton
                  color="error"
                  aria-label={`Hapus topik ${topic.name}`}
                  onClick={() => onDelete(topic)}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          )
        }
      >
        <ActivityTable
          programId={programId}
          topicId={topic.id}
          activities={topic.activities}
          canManage={canManage}
          onMove={
            canManage
              ? (fromIndex, toIndex) => onMoveActivity(topic, fromIndex, toIndex)
              : undefined
          }
          onDelete={canManage ? (activity) => onDeleteActivity(topic, activity) : undefined}
        />
        {canManage && (
          <Box sx={{ display: { xs: 'block', sm: 'none' }, p: 1.5 }}>
            <Button
              component={RouterLink}
              to={pathTo('activity-create', { program: programId, topic: topic.id })}
              size="small"
              startIcon={<AddRounded />}
            >
              Tambah Aktivitas
            </Button>
          </Box>
        )}
      </HeadedAccordion>
    </Box>
  );
}
