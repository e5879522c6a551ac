import { useRef, useState } from 'react';
import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import { useYoutubeAnswer, useYoutubeProgress, youtubePlayerUrl } from '../lib/youtube-bridge';
import type { ActivityProps } from './activity-props';
import { WatchProgress } from '@ajar/player/video/watch-progress';
import { youtubeEmbedUrl } from '@ajar/shared/activities/activities.rules';
import { RichText } from './rich-text';
import { useSaveVideoPosition } from './use-save-video-position';

/** Where to start again: the saved position, unless the video was watched to its last seconds. */
export function resumeSecond(position: number | null, duration: number | null): number {
  if (!position || position < 1) return 0;
  if (duration && position >= duration - 5) return 0;
  return Math.floor(position);
}

/**
 * One embedded YouTube video; with `onTime` its time is followed and saved, so the activity resumes
 * where the participant stopped (the activity keeps one position: its first video's). When the
 * player does not answer in time, the link to YouTube and what counts for completion show under
 * the frame (which stays, in case the player loads late).
 */
function YoutubeFrame({
  embed,
  link,
  title,
  startAt,
  onTime,
  required,
}: {
  embed: string;
  /** The address the author gave, to watch on YouTube. */
  link: string;
  title: string;
  startAt: number;
  onTime?: (position: number, duration: number) => void;
  /** The percent to watch here that completes the activity (for the counted video). */
  required: number;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The start is read once: the address must not change (and reload the player) as it plays.
  const [src] = useState(() =>
    youtubePlayerUrl(embed, window.location.origin, onTime ? startAt : 0),
  );
  useYoutubeProgress(frame, { onTime: onTime ?? (() => undefined) });
  const answer = useYoutubeAnswer(frame);
  return (
    <>
      <iframe
        ref={frame}
        className="video-frame"
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
      {answer === 'silent' && (
        <div className="stack" role="status">
          <p>Video belum dapat dimuat di sini. Koneksi mungkin lambat atau YouTube diblokir.</p>
          <a href={link} target="_blank" rel="noopener noreferrer">
            Tonton di YouTube
          </a>
          <p className="muted">
            {onTime
              ? `Untuk menyelesaikan aktivitas ini, video harus ditonton di sini sampai ${required} %: menonton di YouTube tidak tercatat. Video tampil di sini begitu berhasil dimuat.`
              : 'Video ini tidak dihitung untuk menyelesaikan aktivitas.'}
          </p>
        </div>
      )}
    </>
  );
}

/**
 * YouTube videos embedded (privacy-enhanced mode); the first one's watching is counted on the
 * server and completes the activity (no button).
 */
export function YoutubeActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const videos = content.embed_youtube ?? [];
  const startAt = resumeSecond(activity.video_position, activity.video_duration);

  const { onTime, watch } = useSaveVideoPosition(programId, activity);

  const firstPlayable = videos.findIndex((v) => youtubeEmbedUrl(v.url) !== null);
  return (
    <>
      {videos.length === 0 && (
        <Card>
          <p className="muted">Video belum tersedia.</p>
        </Card>
      )}
      {videos.map((video, index) => {
        const embed = youtubeEmbedUrl(video.url);
        const title = video.title || `Video ${index + 1}`;
        return (
          <Card key={`${video.url}-${index}`} className="stack">
            <h2>{title}</h2>
            {embed ? (
              <YoutubeFrame
                embed={embed}
                link={video.url}
                title={title}
                required={watch.required}
                startAt={startAt}
                onTime={index === firstPlayable ? onTime : undefined}
              />
            ) : (
              <a href={video.url} target="_blank" rel="noopener noreferrer">
                Tonton di YouTube
              </a>
            )}
          </Card>
        );
      })}
      {content.description && (
        <Card>
          <RichText html={content.description} label="Deskripsi aktivitas" />
        </Card>
      )}
      {firstPlayable >= 0 && (
        <Card>
          <WatchProgress
            watched={watch.watched}
            required={watch.required}
            popupsLeft={0}
            complete={watch.complete || activity.is_complete}
          />
        </Card>
      )}
    </>
  );
}
