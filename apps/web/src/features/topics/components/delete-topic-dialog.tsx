import { topicMessages } from '@ajar/shared/topics/topics.constants';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { useDeleteTopic } from '../api/delete-topic';
import { DeleteDialog } from './delete-dialog';

export interface DeleteTopicDialogProps {
  /** The topic to delete; null keeps the dialog closed. */
  topic: Pick<Topic, 'id' | 'name'> | null;
  onClose: () => void;
  /** After the topic is gone (the topic lists are refreshed already). */
  onDeleted?: () => void;
}

/**
 * 'Hapus Topik' (spec 01 §2, §4): `DELETE /api/topic/v1/delete/{id}`, then 'Topik berhasil
 * dihapus'; a failure shows the server message. Program detail and the public discussion of a
 * program share it.
 */
export function DeleteTopicDialog({ topic, onClose, onDeleted }: DeleteTopicDialogProps) {
  const mutation = useDeleteTopic();
  return (
    <DeleteDialog
      item={topic?.id ?? null}
      title="Hapus Topik"
      message={
        <>
          Apakah anda yakin ingin menghapus topik <strong>{topic?.name}</strong>? Semua aktivitas di
          dalamnya ikut terhapus.
        </>
      }
      mutation={mutation}
      deleted={topicMessages.deleted}
      failed={(message) => message}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
