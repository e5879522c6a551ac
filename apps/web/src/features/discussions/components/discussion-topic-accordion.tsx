import { Link as RouterLink } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { activityTypeLabel } from '@ajar/shared/activities/activities.constants';
import type { DiscussionTopic } from '@ajar/shared/discussions/discussions.schemas';
import { listTableHeadSx } from '@/components/list-table';
import { pathTo } from '@/routes/paths';
import { UnreadCount } from './discussion-program-table';

export interface DiscussionTopicAccordionProps {
  programId: string;
  topic: DiscussionTopic;
  /** 1-based position of the topic in the list. */
  number: number;
  defaultExpanded?: boolean;
}

/**
 * A topic of the public discussion program screen with its unread count, and its activities'
 * threads: No, Judul aktivitas, Jenis aktivitas, Pesan Belum Terbaca, Aksi 'Lihat' (spec 01 §2).
 */
export function DiscussionTopicAccordion({
  programId,
  topic,
  number,
  defaultExpanded,
}: DiscussionTopicAccordionProps) {
  const headingId = `discussion-topic-${topic.id}`;
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreRounded />} aria-controls={`${headingId}-panel`}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, pr: 1 }}>
          <Typography id={headingId} sx={{ fontWeight: 600, flex: 1 }}>
            Topik {number}: {topic.name}
          </Typography>
          <UnreadCount value={topic.total_unread} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-panel`} sx={{ p: 0 }}>
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
                  <TableCell align="right" sx={{ width: 100 }}>
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
