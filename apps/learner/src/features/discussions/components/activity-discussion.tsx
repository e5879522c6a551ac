import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicDiscussionSetting } from '@ajar/shared/discussions/discussions.constants';
import type { MemberDiscussionUnread } from '@ajar/shared/discussions/member-discussions.schemas';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import {
  deleteMessage,
  discussionKeys,
  editMessage,
  markThreadRead,
  postMessage,
  threadQuery,
  unreadQuery,
} from '../api/discussions-api';
import { DiscussionMessageView } from './discussion-message';
import { MessageBox } from './message-box';
import '../discussions.css';

interface ActivityDiscussionProps {
  programId: string;
  activity: { id: string; settings: Record<string, unknown> };
}

/** Whether the activity's settings open its public thread to participants. */
export function hasPublicThread(settings: Record<string, unknown>) {
  return Number(settings.is_show_discussion) === publicDiscussionSetting;
}

/** The public thread under an activity ('Diskusi'), shown when its settings allow it. */
export function ActivityDiscussion({ programId, activity }: ActivityDiscussionProps) {
  if (!hasPublicThread(activity.settings)) return null;
  return <Thread key={activity.id} programId={programId} activityId={activity.id} />;
}

function Thread({ programId, activityId }: { programId: string; activityId: string }) {
  const client = useQueryClient();
  const thread = useInfiniteQuery(threadQuery(programId, activityId));
  const unread = useQuery(unreadQuery(programId));
  const [replyTo, setReplyTo] = useState<string | null>(null);
  // The count when the thread was opened: reading it clears it on the server right away.
  const [newCount, setNewCount] = useState<number | null>(null);
  const marked = useRef(false);

  useEffect(() => {
    if (!unread.data || newCount !== null) return;
    setNewCount(
      unread.data.activities.find((a) => a.activity_id === activityId)?.total_unread ?? 0,
    );
  }, [unread.data, newCount, activityId]);

  const loaded = thread.isSuccess;
  const seenAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (!loaded) return;
    marked.current = true;
    void markThreadRead(programId, activityId).then(
      () => {
        client.setQueryData<MemberDiscussionUnread>(discussionKeys.unread(programId), (old) => {
          if (!old) return old;
          const activities = old.activities.filter((a) => a.activity_id !== activityId);
          return {
            activities,
            total_unread: activities.reduce((sum, a) => sum + a.total_unread, 0),
          };
        });
      },
      () => undefined,
    );
  }, [loaded, seenAt, programId, activityId, client]);

  const refresh = () =>
    client.invalidateQueries({ queryKey: discussionKeys.thread(programId, activityId) });
  const edit = (id: string) => async (content: string) => {
    await editMessage(programId, activityId, id, content);
    await refresh();
  };
  const remove = (id: string) => async () => {
    await deleteMessage(programId, activityId, id);
    await refresh();
  };

  const posts = thread.data?.pages.flatMap((page) => page.list) ?? [];
  const total = thread.data?.pages[0]?.total ?? 0;

  return (
    <Card className="stack discussion" aria-labelledby={`discussion-${activityId}`}>
      <h2 id={`discussion-${activityId}`} className="row discussion__title">
        Diskusi
        {newCount !== null && newCount > 0 && <span className="badge">{newCount} baru</span>}
      </h2>
      <MessageBox
        label="Tulis pertanyaan atau tanggapan"
        submitLabel="Kirim"
        onSubmit={async (content) => {
          await postMessage(programId, activityId, { content, parent_id: null });
          await refresh();
        }}
      />
      {thread.isPending && <p className="muted">Memuat diskusi…</p>}
      {thread.isError && (
        <Alert tone="error">
          <p>{errorMessage(thread.error)}</p>
          <Button variant="secondary" onClick={() => void thread.refetch()}>
            Coba lagi
          </Button>
        </Alert>
      )}
      {thread.isSuccess && total === 0 && (
        <p className="muted">Belum ada diskusi. Jadilah yang pertama bertanya.</p>
      )}
      <ol className="discussion__posts" aria-label="Pesan diskusi">
        {posts.map((post) => (
          <li key={post.id} className="discussion__post">
            <DiscussionMessageView
              message={post}
              onEdit={edit(post.id)}
              onDelete={remove(post.id)}
              onReply={() => setReplyTo(replyTo === post.id ? null : post.id)}
            />
            {post.replies.length > 0 && (
              <ol className="discussion__replies" aria-label={`Balasan untuk ${post.author_name}`}>
                {post.replies.map((reply) => (
                  <li key={reply.id}>
                    <DiscussionMessageView
                      message={reply}
                      onEdit={edit(reply.id)}
                      onDelete={remove(reply.id)}
                    />
                  </li>
                ))}
              </ol>
            )}
            {replyTo === post.id && (
              <div className="discussion__replies">
                <MessageBox
                  label={`Balas ${post.author_name}`}
                  submitLabel="Balas"
                  autoFocus
                  onCancel={() => setReplyTo(null)}
                  onSubmit={async (content) => {
                    await postMessage(programId, activityId, { content, parent_id: post.id });
                    setReplyTo(null);
                    await refresh();
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
      {thread.hasNextPage && (
        <Button
          variant="secondary"
          block
          busy={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          Muat lebih banyak
        </Button>
      )}
    </Card>
  );
}
