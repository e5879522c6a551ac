import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useSnackbar } from 'notistack';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { isProgramScoped } from '@ajar/shared/common/roles';
import {
  discussionErrorMs,
  discussionMessages,
  discussionThreadPage,
} from '@ajar/shared/discussions/discussions.constants';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useCurrentUser } from '@/hooks/use-session';
import { useCreateMessage } from '../api/create-message';
import { useDeleteMessage } from '../api/delete-message';
import { useThread } from '../api/get-thread';
import { failureLines } from '../lib/failure-lines';
import { buildThreadTree, type ThreadNode } from '../lib/thread-tree';
import { MessageForm } from '../components/message-form';
import { ThreadMessage } from '../components/thread-message';

/**
 * '/discussion/public/program/{program}/{topic}/{id}/{act_name}' — an activity's public thread
 * (spec 01 §2): the tree by parent_id, replies, and the top-level box. Opening it marks the
 * thread read for the signed-in user (server side).
 */
export function DiscussionThreadPage() {
  const { program = '', topic = '', id = '', act_name: actName = '' } = useParams();
  const user = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const thread = useThread({
    program_id: program,
    topic_id: topic,
    activity_id: id,
    sort: 'created_at',
    sort_type: 'asc',
    limit: discussionThreadPage,
  });
  const tree = useMemo(
    () => buildThreadTree(thread.data?.pages.flatMap((page) => page.list) ?? []),
    [thread.data],
  );
  const create = useCreateMessage();
  const remove = useDeleteMessage();
  const [pendingDelete, setPendingDelete] = useState<ThreadNode | null>(null);

  const post = (content: string, parentId: string | null) =>
    create.mutateAsync({
      parent_id: parentId,
      program_id: program,
      topic_id: topic,
      activity_id: id,
      content,
    });

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await remove.mutateAsync(pendingDelete.id);
      enqueueSnackbar(discussionMessages.deleted, {
        variant: 'success',
        autoHideDuration: discussionErrorMs,
      });
    } catch (error) {
      enqueueSnackbar(failureLines(error).join('\n'), {
        variant: 'error',
        autoHideDuration: discussionErrorMs,
        style: { whiteSpace: 'pre-line' },
      });
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        Diskusi: {actName}
      </Typography>
      <Card>
        <CardContent>
          <MessageForm
            label="Tulis pesan"
            submitLabel="Kirim"
            busy={create.isPending}
            onSubmit={(content) => post(content, null)}
          />
        </CardContent>
        <Divider />
        <CardContent>
          {thread.isError && (
            <LoadErrorAlert error={thread.error} onRetry={() => void thread.refetch()} />
          )}
          {thread.isPending && (
            <Stack spacing={2}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={64} />
              ))}
            </Stack>
          )}
          {thread.data && tree.length === 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
              Belum ada pesan terbaru
            </Typography>
          )}
          {tree.length > 0 && (
            <Box component="ul" aria-label="Diskusi" sx={{ p: 0, m: 0, display: 'grid', gap: 3 }}>
              {tree.map((node) => (
                <ThreadMessage
                  key={node.id}
                  node={node}
                  canDeleteAny={!isProgramScoped(user.role.key)}
                  busy={create.isPending}
                  onReply={(parent, content) => post(content, parent.id)}
                  onDelete={setPendingDelete}
                />
              ))}
            </Box>
          )}
          {thread.hasNextPage && (
            <Box sx={{ textAlign: 'center', pt: 3 }}>
              <Button
                variant="outlined"
                disabled={thread.isFetchingNextPage}
                onClick={() => void thread.fetchNextPage()}
              >
                {thread.isFetchingNextPage ? 'Memuat…' : 'Muat lebih banyak'}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Hapus Pesan"
        message="Apakah anda yakin ingin menghapus pesan ini?"
        confirmLabel="Hapus"
        confirmColor="error"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPendingDelete(null)}
      />
    </Stack>
  );
}
