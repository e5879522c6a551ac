import { Link as RouterLink } from 'react-router';
import {
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import type {
  DiscussionActivity,
  DiscussionTopic,
} from '@ajar/shared/discussions/discussions.schemas';
import { HeadedAccordion } from '@/components/headed-accordion';
import { listTableHeadSx } from '@/components/list-table';
import { pathTo } from '@/routes/paths';
import { UnreadCount } from './discussion-program-table';

export interface DiscussionTopicAccordionProps {
  programId: string;
  topic: DiscussionTopic;
  /** 1-based position of the topic in the list. */
  number: number;
  defaultExpanded?: boolean;
  /** With edit right on Program: the edit-title, delete-topic and delete-activity actions. */
  actions?: {
    onEditTopic: (topic: DiscussionTopic) => void;
    onDeleteTopic: (topic: DiscussionTopic) => void;
    onDeleteActivity: (topic: DiscussionTopic, activity: DiscussionActivity) => void;
  } | null;
}

/**
 * A topic of the public discussion program screen with its unread count, and its activities'
 * threads: No, Judul aktivitas, Jenis aktivitas, Pesan Belum Terbaca, Aksi 'Lihat' (spec 01 §2).
 * With `actions`, the topic's title can be edited and the topic or an activity deleted.
 */
export function DiscussionTopicAccordion({
  programId,
  topic,
  number,
  defaultExpanded,
  actions,
}: DiscussionTopicAccordionProps) {
  const headingId = `discussion-topic-${topic.id}`;
  return (
    <HeadedAccordion
      summaryId={`${headingId}-summary`}
      regionId={`${headingId}-panel`}
      defaultExpanded={defaultExpanded}
      headerSx={{ pr: actions ? 1 : 0 }}
      summary={
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, pr: 1 }}>
          <Typography
            id={headingId}
            component="span"
            sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}
          >
            Topik {number}: {topic.name}
          </Typography>
          <UnreadCount value={topic.total_unread} />
        </Stack>
      }
      actions={
        actions && (
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <Tooltip title="Edit judul topik">
              <IconButton
                aria-label={`Edit judul topik ${topic.name}`}
                onClick={() => actions.onEditTopic(topic)}
              >
                <EditRounded fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Hapus topik">
              <IconButton
                color="error"
                aria-label={`Hapus topik ${topic.name}`}
                onClick={() => actions.onDeleteTopic(topic)}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        )
      }
    >
      {topic.activities.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Tidak ada aktivitas dengan diskusi publik
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead sx={listTableHeadSx}>
              <TableRow>
                <TableCell sx={{ width: 56 }}>No</TableCell>
                <TableCell>Judul aktivitas</TableCell>
                <TableCell>Jenis aktivitas</TableCell>
                <TableCell align="right">Pesan Belum Terbaca</TableCell>
                <TableCell align="right" sx={{ width: actions ? 140 : 100 }}>
                  Aksi
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {topic.activities.map((activity, i) => (
                <TableRow key={activity.id} hover>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{activity.name}</TableCell>
                  <TableCell>{activityTypeLabel(activity.type)}</TableCell>
                  <TableCell align="right">
                    <UnreadCount value={activity.total_unread} />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="outlined"
                      component={RouterLink}
                      aria-label={`Lihat diskusi ${activity.name}`}
                      to={pathTo('discussion-public-thread', {
                        program: programId,
                        topic: topic.id,
                        id: activity.id,
                        act_name: activity.name,
                      })}
                    >
                      Lihat
                    </Button>
                    {actions && (
                      <Tooltip title="Hapus aktivitas">
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`Hapus aktivitas ${activity.name}`}
                          onClick={() => actions.onDeleteActivity(topic, activity)}
                          sx={{ ml: 0.5 }}
                        >
                          <DeleteOutlineRounded fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </HeadedAccordion>
  );
}
