import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { FormTextField } from '@/components/form-text-field';
import { useUpdateTopic } from '../api/update-topic';
import { useTopicNameForm } from './use-topic-name-form';
import { DialogSaveActions } from '@/components/dialog-save-actions';

export interface EditTopicDialogProps {
  /** The topic being edited; null keeps the dialog closed. */
  topic: Pick<Topic, 'id' | 'name' | 'program_id'> | null;
  onClose: () => void;
  /** After the title is saved (the topic lists are refreshed already). */
  onSaved?: () => void;
}

/**
 * Edit topic dialog of program detail and of a program's public discussion: 'Judul Topik',
 * saved with status publish.
 */
export function EditTopicDialog({ topic, onClose, onSaved }: EditTopicDialogProps) {
  return (
    <Dialog
      open={Boolean(topic)}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="edit-topic-title"
    >
      {/* Keyed so each opening starts from that topic's current title. */}
      {topic && <EditTopicForm key={topic.id} topic={topic} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditTopicForm({
  topic,
  onClose,
  onSaved,
}: {
  topic: NonNullable<EditTopicDialogProps['topic']>;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTopic();
  const { form, showError } = useTopicNameForm(topic.name);
  const busy = update.isPending;
  const onSubmit = form.handleSubmit(({ name }) =>
    update
      .mutateAsync({
        id: topic.id,
        body: { name, status: 'publish', program_id: topic.program_id },
      })
      .then(() => {
        enqueueSnackbar(topicMessages.updated, { variant: 'success' });
        onSaved?.();
        onClose();
      }, showError),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id="edit-topic-title">Edit Topik</DialogTitle>
      <DialogContent>
        <FormTextField
          control={form.control}
          name="name"
          label="Judul Topik"
          required
          autoFocus
          disabled={busy}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogSaveActions busy={busy} onCancel={onClose} />
    </form>
  );
}
