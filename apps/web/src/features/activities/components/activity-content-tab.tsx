import Alert from '@mui/material/Alert';
import type { ComponentType } from 'react';
import {
  activityContentForm,
  type ContentForm,
} from '@ajar/shared/activities/activities.constants';
import type { ActivityFormValues } from '../lib/activity-form-model';
import type { ContentFormProps } from './content-form-props';
import { DescriptionContentForm } from './description-content-form';
import { GoogleFormContentForm } from './google-form-content-form';
import { MeetingContentForm } from './meeting-content-form';
import { PdfContentForm } from './pdf-content-form';
import { VideoContentForm } from './video-content-form';
import { YoutubeContentForm } from './youtube-content-form';

const forms: Record<ContentForm, ComponentType<ContentFormProps>> = {
  video: VideoContentForm,
  youtube: YoutubeContentForm,
  meeting: MeetingContentForm,
  google_form: GoogleFormContentForm,
  pdf: PdfContentForm,
  description: DescriptionContentForm,
};

/** Tab 'Konten': the content form of the activity's type (mapping in the shared constants). */
export function ActivityContentTab({
  type,
  ...props
}: ContentFormProps & { type: ActivityFormValues['type'] }) {
  const form = type ? activityContentForm[type] : null;
  if (!form) {
    return <Alert severity="info">Pilih jenis aktivitas di tab Detail terlebih dahulu.</Alert>;
  }
  const Form = forms[form];
  return <Form {...props} />;
}
