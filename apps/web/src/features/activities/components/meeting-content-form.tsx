import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { Controller, useFormState, useWatch } from 'react-hook-form';
import type { Schedule } from '@ajar/shared/activities/activities.rules';
import { ScheduleEditor } from '@/components/schedule-editor';
import { FormTextField } from '@/components/form-text-field';
import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';
import { PairListEditor } from './pair-list-editor';
import { useErrorAt } from './use-error-at';
import { YesNoField } from './yes-no-field';

/**
 * Meeting content form (spec 02 §2): description, Google Drive link, meeting link (hidden when
 * is_must_participate), meeting schedule, activity finish schedule and free metadata pairs.
 */
export function MeetingContentForm({ control, setValue }: ContentFormProps) {
  const [is_day, days, dates] = useWatch({
    control,
    name: ['content.meeting.is_day', 'content.meeting.days', 'content.meeting.dates'],
  });
  const { isSubmitted } = useFormState({ control });
  // The link fields of content.meeting are fields of their own, so the schedule is set part by
  // part rather than through one controller on the whole object.
  const setMeetingSchedule = (next: Schedule) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    if (next.is_day !== is_day) setValue('content.meeting.is_day', next.is_day, options);
    if (next.days !== days) setValue('content.meeting.days', next.days, options);
    if (next.dates !== dates) setValue('content.meeting.dates', next.dates, options);
  };
  const meetingErrorAt = useErrorAt(control, 'content.meeting');
  const finishErrorAt = useErrorAt(control, 'finish');

  return (
    <Stack spacing={3}>
      <DescriptionField control={control} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={1.5}>
            <YesNoField
              control={control}
              name="content.link_embed.is_showing"
              label="Tampilkan Link Google Drive"
            />
            <FormTextField
              control={control}
              name="content.link_embed.url"
              label="Link Google Drive"
              placeholder="https://drive.google.com/…"
              fullWidth
              type="url"
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={1.5}>
            <YesNoField
              control={control}
              name="content.meeting.is_must_participate"
              label="Sembunyikan Link Meeting"
            />
            <FormTextField
              control={control}
              name="content.meeting.link"
              label="Link Meeting"
              placeholder="https://meet.google.com/…"
              fullWidth
              type="url"
            />
          </Stack>
        </Grid>
      </Grid>
      <Divider />
      <ScheduleEditor
        label="Jadwal Meeting"
        value={{ is_day, days, dates }}
        onChange={setMeetingSchedule}
        errorAt={meetingErrorAt}
      />
      <Divider />
      <Controller
        control={control}
        name="finish"
        render={({ field }) => (
          <ScheduleEditor
            label="Jadwal Selesai Aktivitas"
            value={field.value}
            onChange={field.onChange}
            errorAt={finishErrorAt}
            singleRange
          />
        )}
      />
      <Divider />
      <PairListEditor
        control={control}
        name="meta"
        title="Metadata"
        firstLabel="Judul"
        secondLabel="Konten"
        multiline
        addLabel="Tambah metadata"
        emptyText="Belum ada metadata."
        removeLabel={(index) => `Hapus metadata ${index + 1}`}
      />
    </Stack>
  );
}
