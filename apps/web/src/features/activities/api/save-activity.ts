import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  ActivityCreateInput,
  ActivityUpdateInput,
} from '@ajar/shared/activities/activities.schemas';
import { upload } from '@/api/http';
import { activityBasePath, activityKeys } from './activity-keys';

interface SaveBase {
  programId: string;
  topicId: string;
  /** The chosen video or PDF, sent as the multipart `file`. */
  file: File | null;
  /** Upload progress 0..1. */
  onProgress?: (fraction: number) => void;
}

/** The multipart form: `payload` first, so the server checks it before storing a large file. */
function activityForm(payload: unknown, file: File | null): FormData {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  if (file) form.append('file', file, file.name);
  return form;
}

/** `POST /api/v1/activity/{program}/{topic}/create` (multipart, with upload progress). */
export function createActivity({
  programId,
  topicId,
  body,
  file,
  onProgress,
}: SaveBase & { body: ActivityCreateInput }): Promise<Activity> {
  return upload<Activity>(
    'POST',
    `${activityBasePath(programId, topicId)}/create`,
    activityForm(body, file),
    onProgress,
  );
}

/** `PUT /api/v1/activity/{program}/{topic}/{id}/update` (same multipart form). */
export function updateActivity({
  programId,
  topicId,
  id,
  body,
  file,
  onProgress,
}: SaveBase & { id: string; body: ActivityUpdateInput }): Promise<Activity> {
  return upload<Activity>(
    'PUT',
    `${activityBasePath(programId, topicId)}/${encodeURIComponent(id)}/update`,
    activityForm(body, file),
    onProgress,
  );
}

function useAfterSave() {
  const queryClient = useQueryClient();
  return (activity: Activity) => {
    queryClient.setQueryData(activityKeys.detail(activity.id), activity);
    return queryClient.invalidateQueries({
      queryKey: activityKeys.topicLists(activity.program_id),
    });
  };
}

export function useCreateActivity() {
  const afterSave = useAfterSave();
  return useMutation({ mutationFn: createActivity, onSuccess: afterSave });
}

export function useUpdateActivity() {
  const afterSave = useAfterSave();
  return useMutation({ mutationFn: updateActivity, onSuccess: afterSave });
}
