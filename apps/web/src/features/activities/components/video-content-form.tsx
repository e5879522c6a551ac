import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import {
  mediaAccept,
  mediaLimits,
  mediaMessages,
  tooLargeMessage,
} from '@ajar/shared/media/media.constants';
import { FileDrop } from '@/components/file-drop';
import { ScheduleEditor } from '@/components/schedule-editor';
import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';
import { SavedFile } from './saved-file';
import { useErrorAt } from './use-error-at';
import { VideoStreamState } from './video-stream-state';
import { YesNoField } from './yes-no-field';

/** Video content form (spec 02 §2): mp4 up to 100 MB, description, schedule. */
export function VideoContentForm({ control, setValue, file }: ContentFormProps) {
  const scheduled = useWatch({ control, name: 'video_schedule.is_scheduled' }) === 1;
  const errorAt = useErrorAt(control, 'video_schedule.schedule');

  return (
    <Stack spacing={3}>
      <Alert severity="warning">{mediaMessages.videoNotice}</Alert>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Video
        </Typography>
        <FileDrop
          label="File video"
          accept={mediaAccept('video')}
          maxBytes={mediaLimits.video}
          typeMessage={mediaMessages.unsupported}
          sizeMessage={tooLargeMessage('video')}
          hint="Tarik dan lepas video mp4 di sini, atau"
          value={file.file}
          onChange={file.setFile}
          progress={file.progress}
          error={file.error}
          current={
            file.saved && (
              <SavedFile file={file.saved} onRemove={file.removeSaved}>
                <Box
                  component="video"
                  controls
                  preload="metadata"
                  src={file.saved.url}
                  aria-label="Pratinjau video"
                  sx={{ width: '100%', maxWidth: 560, borderRadius: 2, bgcolor: 'common.black' }}
                />
                <VideoStreamState mediaId={file.saved.id} />
              </SavedFile>
            )
          }
        />
      </Box>
      <DescriptionField control={control} height="video" />
      <Divider />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
        <YesNoField
          control={control}
          name="video_schedule.is_scheduled"
          label="Tipe Terjadwal"
          onValueChange={(value) => {
            if (value === 0) setValue('video_schedule.is_show_scheduled', 0);
          }}
        />
        <YesNoField
          control={control}
          name="video_schedule.is_show_scheduled"
          label="Tampilkan Jadwal"
          disabled={!scheduled}
        />
      </Stack>
      <Collapse in={scheduled} unmountOnExit>
        <Controller
          control={control}
          name="video_schedule.schedule"
          render={({ field }) => (
            <ScheduleEditor
              label="Jadwal"
              value={field.value}
              onChange={field.onChange}
              errorAt={errorAt}
            />
          )}
        />
      </Collapse>
    </Stack>
  );
}
