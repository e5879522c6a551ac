import type { Control, UseFormSetValue } from 'react-hook-form';
import type { FileRef } from '@ajar/shared/activities/activities-content.schemas';
import type { ActivityFormValues } from '../lib/activity-form-model';

/** The file of a video or PDF activity: a new one is held here until the form is saved. */
export interface ContentFileState {
  file: File | null;
  setFile: (file: File | null) => void;
  /** Upload progress 0..1 while saving, otherwise null. */
  progress: number | null;
  /** A server message about the file. */
  error?: string;
  /** The file already saved with the activity. */
  saved: FileRef | null;
  /** Removes the saved file from the activity (on save). */
  removeSaved: () => void;
}

export interface ContentFormProps {
  control: Control<ActivityFormValues>;
  setValue: UseFormSetValue<ActivityFormValues>;
  file: ContentFileState;
}
