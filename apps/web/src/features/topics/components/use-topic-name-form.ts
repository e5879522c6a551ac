import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { topicCreateBodySchema } from '@ajar/shared/topics/topics.schemas';
import { ApiError, errorMessage } from '@/api/http';

/** The one field of the topic forms, checked by the server's own rule ('Judul Topik'). */
export const topicNameFormSchema = topicCreateBodySchema.pick({ name: true });

/**
 * Form state of 'Judul Topik'. `showError` puts a server field message under the field and any
 * other failure in a snackbar (spec 01 §8: topic save failures show the server message).
 */
export function useTopicNameForm(name = '') {
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm({
    resolver: zodResolver(topicNameFormSchema),
    defaultValues: { name },
  });
  const showError = (error: unknown) => {
    const fieldMessage = error instanceof ApiError ? error.validation?.name : undefined;
    if (fieldMessage) form.setError('name', { message: fieldMessage }, { shouldFocus: true });
    else enqueueSnackbar(errorMessage(error), { variant: 'error' });
  };
  return { form, showError };
}
