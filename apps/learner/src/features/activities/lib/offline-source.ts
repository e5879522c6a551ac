import { renditionIndexFor, type VideoQuality } from '@ajar/shared/media/media-video';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import type { VideoWithPopupsProps } from '@ajar/player/video/video-with-popups';
import type { SavedActivity, SavedSource } from '../../../lib/saved-files';
import { readContent } from './activity-content';

type VideoStreams = NonNullable<VideoWithPopupsProps['streams']>;

/**
 * What 'Simpan untuk offline' keeps of a video or PDF activity, or null when it has no file. A
 * video keeps the one rendition the player plays at `quality` ('Otomatis' keeps 'Sedang': the
 * bandwidth the player would measure is not known ahead), or its uploaded mp4 when it has no
 * renditions.
 */
export function offlineSourceOf(
  activity: MemberActivityDetail,
  quality: VideoQuality,
): SavedSource | null {
  const url = readContent(activity).file?.url;
  if (!url) return null;
  const stream = activity.video_stream;
  if (activity.type !== 'menonton_video' || stream?.status !== 'ready' || !stream.hls_url)
    return { kind: 'file', url };
  const index = renditionIndexFor(quality === 'auto' ? 'medium' : quality, stream.renditions);
  const rendition = index === null ? undefined : stream.renditions[index];
  if (!rendition) return { kind: 'file', url };
  return { kind: 'hls', rendition, poster: stream.poster_url };
}

/** What the player plays: the saved rendition or file when there is one, else the server's. */
export function playbackOf(
  mp4: string,
  streams: VideoStreams | null | undefined,
  saved: SavedActivity | null,
): { src: string; streams: VideoStreams | null } {
  const source = saved?.source;
  if (source?.kind === 'file') return { src: source.url, streams: null };
  if (source?.kind === 'hls')
    return {
      src: mp4,
      streams: {
        hls_url: source.rendition.url,
        poster_url: source.poster,
        renditions: [source.rendition],
      },
    };
  return { src: mp4, streams: streams ?? null };
}
