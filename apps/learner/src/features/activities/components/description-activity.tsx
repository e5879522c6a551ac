import { Card } from '../../../components/card';
import { readContent } from '../lib/activity-content';
import type { ActivityProps } from './activity-props';
import { CompleteButton } from './complete-button';
import { RichText } from './rich-text';

/** A description page (general): its text, an optional link, and 'Tandai selesai'. */
export function DescriptionActivity({ programId, activity }: ActivityProps) {
  const content = readContent(activity);
  const link = content.link_embed?.is_showing === 1 ? content.link_embed.url : '';
  return (
    <>
      <Card className="stack">
        <RichText html={content.description ?? ''} label="Deskripsi aktivitas" />
        {!content.description?.trim() && <p className="muted">Tidak ada deskripsi.</p>}
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer">
            Buka tautan (tab baru)
          </a>
        )}
      </Card>
      <CompleteButton programId={programId} activity={activity} />
    </>
  );
}
