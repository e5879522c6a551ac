import { Card } from '../../../components/card';
import { readContent, youtubeEmbedUrl } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/** YouTube videos embedded (privacy-enhanced mode), then 'Tandai selesai'. */
export function YoutubeActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const videos = content.embed_youtube ?? [];
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
              <iframe
                className="video-frame"
                src={embed}
                title={title}
                loading="lazy"
                allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
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
      <CompleteButton programId={programId} activity={activity} label="Selesai menonton" />
    </>
  );
}
