import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { videoStreamLabel } from '@ajar/shared/media/media-video';
import { mediaItemQueryOptions } from '@/components/media-picker/media-api';

/**
 * Where a saved video's conversion to adaptive quality stands ('Memproses video … 40 %', then
 * ready); nothing without FFmpeg on the server. Participants get the mp4 until it is ready.
 */
export function VideoStreamState({ mediaId }: { mediaId: string }) {
  const item = useQuery(mediaItemQueryOptions(mediaId));
  const stream = item.data?.video;
  if (!stream) return null;
  const running = stream.status === 'queued' || stream.status === 'processing';
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 560, mt: 1 }} role="status" aria-label="Pemrosesan video">
      <Typography variant="body2" color={stream.status === 'failed' ? 'error' : 'text.secondary'}>
        {videoStreamLabel(stream)}
      </Typography>
      {running && (
        <LinearProgress
          variant={stream.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={stream.progress}
          aria-label="Kemajuan pemrosesan video"
        />
      )}
    </Stack>
  );
}
