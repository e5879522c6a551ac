import type { CSSProperties, ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import { Link as RouterLink } from 'react-router';
import {
  activityTypeLabel,
  isQuizActivityType,
} from '@ajar/shared/activities/activities.constants';
import { formatDuration } from '@ajar/shared/common/format';
import type { TopicActivity } from '@ajar/shared/topics/topics.schemas';
import { DragHandle, SortableList, useSortableItem } from '@/components/sortable-list';
import { pathTo } from '@/routes/paths';

export interface ActivityTableProps {
  programId: string;
  topicId: string;
  activities: readonly TopicActivity[];
  /** Edit right on Program: the 'Aksi' column with the edit link. */
  canManage: boolean;
  /** Given: rows get drag handles (reorder, 0-based indexes). */
  onMove?: (fromIndex: number, toIndex: number) => void;
  /** Given: rows get a delete button. */
  onDelete?: (activity: TopicActivity) => void;
}

const activityName = (activity: TopicActivity) => activity.name || activity.title;

/** The activities of one topic (spec 01 §2): No, Judul aktivitas, Jenis aktivitas, Durasi. */
export function ActivityTable({
  programId,
  topicId,
  activities,
  canManage,
  onMove,
  onDelete,
}: ActivityTableProps) {
  const sortable = Boolean(onMove);
  const columns = 4 + (sortable ? 1 : 0) + (canManage ? 1 : 0);
  const rows = activities.map((activity, index) => (
    <ActivityRow
      key={activity.id}
      programId={programId}
      topicId={topicId}
      activity={activity}
      number={index + 1}
      canManage={canManage}
      sortable={sortable}
      onDelete={onDelete}
    />
  ));
  return (
    <TableContainer>
      {/* On narrow screens the table scrolls sideways rather than squeezing the titles. */}
      <Table size="small" aria-label="Daftar aktivitas" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {sortable && <TableCell padding="checkbox" aria-label="Urutan" sx={{ width: 48 }} />}
            <TableCell sx={{ width: 56 }}>No</TableCell>
            <TableCell>Judul aktivitas</TableCell>
            <TableCell sx={{ width: 200 }}>Jenis aktivitas</TableCell>
            <TableCell sx={{ width: 110 }}>Durasi</TableCell>
            {canManage && (
              <TableCell align="right" sx={{ width: 112 }}>
                Aksi
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {activities.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                  Belum ada aktivitas
                </Typography>
              </TableCell>
            </TableRow>
          ) : onMove ? (
            <SortableList
              ids={activities.map((activity) => activity.id)}
              onMove={onMove}
              itemLabel={(id) => {
                const activity = activities.find((a) => a.id === id);
                return activity ? `Aktivitas ${activityName(activity)}` : 'Aktivitas';
              }}
            >
              {rows}
            </SortableList>
          ) : (
            rows
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface ActivityRowProps {
  programId: string;
  topicId: string;
  activity: TopicActivity;
  number: number;
  canManage: boolean;
  sortable: boolean;
  onDelete?: (activity: TopicActivity) => void;
}

function ActivityRow(props: ActivityRowProps) {
  return props.sortable ? <SortableActivityRow {...props} /> : <ActivityCells {...props} />;
}

function SortableActivityRow(props: ActivityRowProps) {
  const sortable = useSortableItem(props.activity.id);
  return (
    <ActivityCells
      {...props}
      rowRef={sortable.setNodeRef}
      rowStyle={sortable.style}
      dragging={sortable.isDragging}
      handle={
        <DragHandle
          handle={sortable.handle}
          label={`Pindahkan aktivitas ${activityName(props.activity)}`}
        />
      }
    />
  );
}

function ActivityCells({
  programId,
  topicId,
  activity,
  number,
  canManage,
  sortable,
  onDelete,
  rowRef,
  rowStyle,
  dragging = false,
  handle,
}: ActivityRowProps & {
  rowRef?: (element: HTMLElement | null) => void;
  rowStyle?: CSSProperties;
  dragging?: boolean;
  handle?: ReactNode;
}) {
  const name = activityName(activity);
  return (
    <TableRow
      ref={rowRef}
      style={rowStyle}
      hover
      data-testid="activity-row"
      sx={dragging ? { bgcolor: 'background.paper', boxShadow: 3 } : undefined}
    >
      {sortable && <TableCell padding="checkbox">{handle}</TableCell>}
      <TableCell>{number}</TableCell>
      <TableCell sx={{ fontWeight: 500 }} data-testid="activity-name">
        {/* The name opens the activity: its editor, or its preview for who may not edit. */}
        <Link
          component={RouterLink}
          to={pathTo(canManage ? 'activity-edit' : 'activity-preview', {
            program: programId,
            topic: topicId,
            id: activity.id,
          })}
          underline="hover"
          color="inherit"
        >
          {name}
        </Link>
        {isQuizActivityType(activity.type) && (
          <Tooltip title="Statistik Soal">
            <IconButton
              component={RouterLink}
              to={pathTo('question-stats', { program: programId, topic: topicId, id: activity.id })}
              size="small"
              aria-label={`Statistik Soal ${name}`}
              sx={{ ml: 0.5 }}
            >
              <QueryStatsRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {activity.content_missing && (
          <Tooltip title="Peserta tidak dapat menyelesaikan aktivitas ini: file, tautan atau isi materinya belum ada.">
            <Chip
              label="Konten belum lengkap"
              color="warning"
              size="small"
              variant="outlined"
              sx={{ ml: 1 }}
            />
          </Tooltip>
        )}
      </TableCell>
      <TableCell>{activityTypeLabel(activity.activity_type || activity.type)}</TableCell>
      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatDuration(activity.settings.estimated_duration)}
      </TableCell>
      {canManage && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title="Edit aktivitas">
            <IconButton
              component={RouterLink}
              to={pathTo('activity-edit', { program: programId, topic: topicId, id: activity.id })}
              size="small"
              aria-label={`Edit aktivitas ${name}`}
            >
              <EditRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          {onDelete && (
            <Tooltip title="Hapus aktivitas">
              <IconButton
                size="small"
                color="error"
                aria-label={`Hapus aktivitas ${name}`}
                onClick={() => onDelete(activity)}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}
